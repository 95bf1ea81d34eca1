import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { clientSettingsFile, loadClientSettings } from '@mnemo/mnemo-client';
import {
  HOOK_EVENTS,
  hookCommand,
  PORTABLE_LAUNCHER,
  portableHookCommand,
  removeMnemoHooks,
  withMnemoEnv,
  withMnemoHooks,
  withMnemoMcpServer,
  withoutMcpApproval,
  withoutMnemoEnv,
  withoutMnemoMcpServer,
} from './domain/hook-settings';
import { writeJsonAtomic } from './hook-state';
import { MNEMO_BIN } from './transcript.hook';

export type InstallScope = 'project' | 'user';

/** Claude Code's own bound per hook call, in seconds: room over the hook's internal bound, for a cold start. */
const CLAUDE_HOOK_TIMEOUT_SECONDS = 15;

export interface InstallTargets {
  settings: string;
  /** `.mcp.json` (project); null for the user scope, whose MCP servers live in Claude Code's own state file. */
  mcpJson: string | null;
}

/** The checkout the command runs in (its git top level), else the directory itself. */
export function projectRoot(cwd: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--show-toplevel'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return cwd;
  }
}

export function installTargets(
  scope: InstallScope,
  cwd: string,
  env: NodeJS.ProcessEnv,
): InstallTargets {
  if (scope === 'user') {
    const configDir = env.CLAUDE_CONFIG_DIR || path.join(env.HOME || homedir(), '.claude');
    return { settings: path.join(configDir, 'settings.json'), mcpJson: null };
  }
  const root = projectRoot(cwd);
  return {
    settings: path.join(root, '.claude', 'settings.json'),
    mcpJson: path.join(root, '.mcp.json'),
  };
}

/** The absolute command that runs this checkout's CLI from any directory. */
export const launcher = (): string[] => [process.execPath, MNEMO_BIN];

/** A JSON file as an object; missing is `{}`, anything that is not a JSON object stops the install (never clobbered). */
function readJsonObject(file: string): Record<string, any> {
  if (!existsSync(file)) return {};
  const text = readFileSync(file, 'utf8');
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `${file} is not valid JSON (${(error as Error).message}); fix it first, nothing was changed`,
      { cause: error },
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${file} is not a JSON object; nothing was changed`);
  return value as Record<string, any>;
}

function writeIfChanged(
  file: string,
  before: Record<string, any>,
  after: Record<string, any>,
  mode = 0o644,
): boolean {
  if (JSON.stringify(before) === JSON.stringify(after)) return false;
  writeJsonAtomic(file, after, mode);
  return true;
}

export interface InstallReport {
  lines: string[];
}

/**
 * Writes Mnemo's hooks (and, for a project, its MCP server in .mcp.json) next to what is there, and the
 * URL and key to a settings file only the user can read. Running it again changes nothing.
 */
export function installHooks(
  scope: InstallScope,
  cwd: string,
  env: NodeJS.ProcessEnv,
  overrides: { url?: string; apiKey?: string },
): InstallReport {
  const targets = installTargets(scope, cwd, env);
  const run = launcher();
  // a project's files are committed: they name Mnemo through two variables this machine's settings set
  const portable = scope === 'project';
  const lines: string[] = [];
  const settings = readJsonObject(targets.settings);
  const mcp = targets.mcpJson ? readJsonObject(targets.mcpJson) : null;
  const merged = mcp ? withMnemoMcpServer(mcp, portable ? PORTABLE_LAUNCHER : run) : null;
  const nextSettings = withMnemoHooks(
    settings,
    portable ? 'portable' : run,
    CLAUDE_HOOK_TIMEOUT_SECONDS,
    merged !== null && !merged.conflict,
  );
  lines.push(
    `${writeIfChanged(targets.settings, settings, nextSettings) ? 'wrote' : 'unchanged'} ${targets.settings}: hooks ${Object.keys(HOOK_EVENTS).join(', ')}`,
  );
  if (portable) {
    const userFile = installTargets('user', cwd, env).settings;
    const user = readJsonObject(userFile);
    lines.push(
      `${writeIfChanged(userFile, user, withMnemoEnv(user, run)) ? 'wrote' : 'unchanged'} ${userFile}: env MNEMO_NODE, MNEMO_BIN (this machine's Mnemo; the project's files name no path)`,
    );
  }
  if (targets.mcpJson && mcp && merged) {
    if (merged.conflict)
      lines.push(`left ${targets.mcpJson} alone: it already has a different server named "mnemo"`);
    else
      lines.push(
        `${writeIfChanged(targets.mcpJson, mcp, merged.mcp) ? 'wrote' : 'unchanged'} ${targets.mcpJson}: MCP server "mnemo"`,
      );
  } else {
    lines.push(
      `MCP server for every project: claude mcp add --scope user mnemo -- ${run.map((w) => JSON.stringify(w)).join(' ')} mcp`,
    );
  }

  const current = loadClientSettings({ ...env, MNEMO_API_KEY: undefined, MNEMO_URL: undefined });
  const url = overrides.url ?? env.MNEMO_URL ?? current.url;
  const apiKey = overrides.apiKey ?? env.MNEMO_API_KEY ?? current.apiKey;
  const file = clientSettingsFile(env);
  if (apiKey) {
    writeJsonAtomic(file, { url, apiKey }, 0o600);
    chmodSync(file, 0o600);
    lines.push(`wrote ${file} (mode 600): Mnemo at ${url}`);
  } else {
    lines.push(
      `no API key given: set MNEMO_API_KEY (or run again with --api-key) so the hooks and tools can reach Mnemo at ${url}`,
    );
  }
  lines.push(
    `hook command: ${portable ? portableHookCommand('session-start') : hookCommand(run, 'session-start')}`,
  );
  return { lines };
}

/** Removes only Mnemo's entries; other hooks and servers stay exactly as they were. */
export function uninstallHooks(
  scope: InstallScope,
  cwd: string,
  env: NodeJS.ProcessEnv,
): InstallReport {
  const targets = installTargets(scope, cwd, env);
  const lines: string[] = [];
  if (existsSync(targets.settings)) {
    const settings = readJsonObject(targets.settings);
    const without = withoutMcpApproval(removeMnemoHooks(settings));
    const changed = writeIfChanged(
      targets.settings,
      settings,
      scope === 'user' ? withoutMnemoEnv(without) : without,
    );
    lines.push(`${changed ? 'removed Mnemo hooks from' : 'no Mnemo hooks in'} ${targets.settings}`);
  }
  if (targets.mcpJson && existsSync(targets.mcpJson)) {
    const mcp = readJsonObject(targets.mcpJson);
    lines.push(
      `${writeIfChanged(targets.mcpJson, mcp, withoutMnemoMcpServer(mcp)) ? 'removed the Mnemo MCP server from' : 'no Mnemo MCP server in'} ${targets.mcpJson}`,
    );
  }
  if (scope === 'user')
    lines.push(
      'MCP server for every project, if you added it: claude mcp remove --scope user mnemo',
    );
  else
    lines.push(
      'left MNEMO_NODE and MNEMO_BIN in your user settings: other projects may use them (`hook uninstall` without --project removes them)',
    );
  return { lines };
}
