import { closeSync, existsSync, openSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { hookStateDir, keyOf, readJson, writeJsonAtomic } from './hook-state';

interface SentMark {
  size: number;
  mtimeMs: number;
  at: string;
  /** Events sent this time, and events skipped because Mnemo already held them. */
  sent?: number;
  duplicates?: number;
  accepted?: number;
  error?: string;
}

const STALE_LOCK_MS = 10 * 60_000;

/**
 * The worker behind the transcript hooks: sends the events of `file` (and of its subagent files) that
 * Mnemo does not hold yet, through the same reader and `POST /v1/events` path as `mnemo ingest
 * transcripts`. One worker per file at a time; a hook that fires meanwhile asks it to go again.
 */
export async function sendTranscript(
  file: string,
  env: NodeJS.ProcessEnv,
  settings: { url: string; apiKey: string },
): Promise<SentMark | null> {
  // the same developer and project the hooks scope their context with (MNEMO_DEVELOPER, MNEMO_PROJECT)
  const identity = { developer: env.MNEMO_DEVELOPER, project: env.MNEMO_PROJECT };
  const base = path.join(hookStateDir(env), 'transcripts', keyOf(file));
  const lock = `${base}.lock`;
  const again = `${base}.again`;
  writeJsonAtomic(`${base}.path.json`, { file });
  if (!acquire(lock)) {
    writeJsonAtomic(again, { at: new Date().toISOString() });
    return null;
  }
  let mark: SentMark | null = null;
  try {
    for (let round = 0; round < 5; round += 1) {
      if (existsSync(again)) unlinkSync(again);
      mark = await sendOnce(file, base, { ...settings, ...identity });
      if (!existsSync(again)) break;
    }
  } finally {
    unlinkSync(lock);
  }
  return mark;
}

function acquire(lock: string): boolean {
  try {
    closeSync(openSync(lock, 'wx', 0o600));
    return true;
  } catch {
    // a worker that died keeps the lock: take it over when it is old
    const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    if (age < STALE_LOCK_MS) return false;
    unlinkSync(lock);
    return acquire(lock);
  }
}

async function sendOnce(
  file: string,
  base: string,
  settings: { url: string; apiKey: string; developer?: string; project?: string },
): Promise<SentMark> {
  const info = statSync(file);
  const last = readJson<SentMark>(`${base}.sent.json`);
  const subagents = path.join(path.dirname(file), path.basename(file, '.jsonl'), 'subagents');
  const hasSubagents = existsSync(subagents);
  // nothing appended since the last send: no read, no request
  if (
    !hasSubagents &&
    last &&
    !last.error &&
    last.size === info.size &&
    last.mtimeMs === info.mtimeMs
  )
    return last;
  // the ingest service's reader and sender, loaded only here: the hook itself must start fast
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy, for the same reason
  require('reflect-metadata');
  const { ingestTranscriptsToGateway } = await import('@mnemo/ingest-service');
  const totals = { sent: 0, duplicates: 0, accepted: 0 };
  let mark: SentMark;
  try {
    for (const target of hasSubagents ? [file, subagents] : [file]) {
      const summary = await ingestTranscriptsToGateway({ target, ...settings });
      totals.sent += summary.sent;
      totals.duplicates += summary.duplicates;
      totals.accepted += summary.accepted;
    }
    mark = { size: info.size, mtimeMs: info.mtimeMs, at: new Date().toISOString(), ...totals };
  } catch (error) {
    mark = {
      size: info.size,
      mtimeMs: info.mtimeMs,
      at: new Date().toISOString(),
      error: String((error as Error)?.message ?? error),
    };
  }
  writeJsonAtomic(`${base}.sent.json`, mark);
  return mark;
}
