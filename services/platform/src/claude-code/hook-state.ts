import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** Where hooks keep what they need between runs: the current session per project, transcript send marks. */
export function hookStateDir(env: NodeJS.ProcessEnv): string {
  if (env.MNEMO_STATE_DIR) return env.MNEMO_STATE_DIR;
  return path.join(
    env.XDG_STATE_HOME || path.join(env.HOME || homedir(), '.local', 'state'),
    'mnemo',
  );
}

/** A short file name for a path. node:crypto loads on first use: the prompt hook, which keys nothing, skips its 10 ms. */
export const keyOf = (value: string): string => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy, see above
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return createHash('sha1').update(value).digest('hex').slice(0, 20);
};

export function writeJsonAtomic(file: string, value: unknown, mode = 0o600): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`, { mode });
  renameSync(temp, file);
}

export function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

const currentSessionFile = (env: NodeJS.ProcessEnv, project: string) =>
  path.join(hookStateDir(env), 'current-session', `${keyOf(project)}.json`);

/** The session-start hook records the session, so the stdio MCP server started beside it knows which one it serves. */
export function recordCurrentSession(
  env: NodeJS.ProcessEnv,
  project: string,
  sessionId: string,
): void {
  writeJsonAtomic(currentSessionFile(env, project), { sessionId, project });
}

export function currentSession(env: NodeJS.ProcessEnv, project: string): string | undefined {
  return (
    env.CLAUDE_CODE_SESSION_ID ||
    readJson<{ sessionId?: string }>(currentSessionFile(env, project))?.sessionId ||
    undefined
  );
}
