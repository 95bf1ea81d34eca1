import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export const DEFAULT_MNEMO_URL = 'http://127.0.0.1:8080';

/** Where `mnemo hook install` writes the URL and key (mode 600), for hooks and MCP servers started without them in the environment. */
export function clientSettingsFile(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MNEMO_CLIENT_CONFIG) return env.MNEMO_CLIENT_CONFIG;
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || homedir(), '.config');
  return path.join(base, 'mnemo', 'client.json');
}

export interface ClientSettings {
  url: string;
  apiKey: string | null;
  /** Where the settings came from, for messages: never the key itself. */
  from: 'environment' | 'file' | 'defaults';
}

/** MNEMO_URL and MNEMO_API_KEY from the environment first, then the settings file; a missing or broken file is no settings. */
export function loadClientSettings(env: NodeJS.ProcessEnv = process.env): ClientSettings {
  let file: { url?: unknown; apiKey?: unknown } = {};
  try {
    file = JSON.parse(readFileSync(clientSettingsFile(env), 'utf8'));
  } catch {
    // no file yet, or not JSON: the environment and defaults decide
  }
  const fileUrl = typeof file.url === 'string' ? file.url : undefined;
  const fileKey = typeof file.apiKey === 'string' ? file.apiKey : undefined;
  const apiKey = env.MNEMO_API_KEY || fileKey || null;
  const from = env.MNEMO_API_KEY ? 'environment' : fileKey ? 'file' : 'defaults';
  return { url: env.MNEMO_URL || fileUrl || DEFAULT_MNEMO_URL, apiKey, from };
}
