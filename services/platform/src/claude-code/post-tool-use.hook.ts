import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { MAX_SNAPSHOT_BYTES, extractSymbols, languageOf, snapshotEvent } from '@mnemo/code-symbols';
import type { MnemoClient } from '@mnemo/mnemo-client';
import { hookStateDir, readJson, writeJsonAtomic } from './hook-state';
import type { HookInput } from './hook-input';

/** How many edited files the hook left unparsed, and why: kept beside the hook's other state. */
export interface SnapshotSkipCounts {
  tooLarge: number;
  outsideRepository: number;
}

export const snapshotSkipsFile = (env: NodeJS.ProcessEnv) =>
  path.join(hookStateDir(env), 'snapshot-skips.json');

function countSkip(env: NodeJS.ProcessEnv, reason: keyof SnapshotSkipCounts) {
  const file = snapshotSkipsFile(env);
  const counts = readJson<SnapshotSkipCounts>(file) ?? { tooLarge: 0, outsideRepository: 0 };
  counts[reason] = (counts[reason] ?? 0) + 1;
  writeJsonAtomic(file, counts);
}

/** The checkout a file is in: the nearest folder above it with a `.git` (a folder, or a worktree's file). */
async function checkoutTop(file: string): Promise<string | null> {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (await stat(path.join(dir, '.git')).catch(() => null)) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * PostToolUse after Edit, Write and MultiEdit: the edited file's symbols (never its code) go to Mnemo
 * as a snapshot, so drift_since sees edits made in a session (docs/code-symbols.md). A file over
 * 1 MB or outside a repository is skipped and counted; the hook answers nothing either way.
 */
export async function postToolUseHook(
  input: HookInput,
  client: MnemoClient,
  project: Promise<string>,
  env: NodeJS.ProcessEnv,
): Promise<null> {
  const language = input.file_path ? languageOf(input.file_path) : null;
  if (!input.file_path || !language) return null;
  const full = path.resolve(input.cwd, input.file_path);
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) return null;
  if (info.size > MAX_SNAPSHOT_BYTES) {
    countSkip(env, 'tooLarge');
    return null;
  }
  const top = await checkoutTop(full);
  if (!top) {
    countSkip(env, 'outsideRepository');
    return null;
  }
  const symbols = await extractSymbols(language, await readFile(full, 'utf8'));
  const relative = path.relative(top, full).split(path.sep).join('/');
  await client.sendEvents([
    snapshotEvent(await project, {
      ...symbols,
      path: relative,
      occurredAt: info.mtime.toISOString(),
    }),
  ]);
  return null;
}
