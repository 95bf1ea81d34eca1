import { opendir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DependencyError } from '@mnemo/contracts';

export interface TranscriptFile {
  path: string;
  mtimeMs: number;
  size: number;
}

export interface TranscriptListing {
  /** Oldest first, so a run reads sessions in the order they happened. */
  files: TranscriptFile[];
  /** Directories and files that could not be read: counted, never fatal. */
  skipped: number;
}

/**
 * Every `*.jsonl` under `root`, at any depth (Claude Code has kept subagent files beside the session,
 * inside it, and under `subagents/workflows/`), modified at or after `sinceMs` when given. Symbolic
 * links to directories are not followed, so a link loop cannot make a walk endless. The root itself
 * must be a readable directory: a missing root is an error (a mount that is gone), not an empty run.
 */
export async function listTranscriptFiles(
  root: string,
  sinceMs?: number,
): Promise<TranscriptListing> {
  const rootStat = await stat(root).catch((error: NodeJS.ErrnoException) => {
    throw new DependencyError(
      'transcripts root',
      `transcripts root ${root} cannot be read (${error.code ?? error.message})`,
    );
  });
  if (!rootStat.isDirectory())
    throw new DependencyError('transcripts root', `transcripts root ${root} is not a directory`);

  const files: TranscriptFile[] = [];
  let skipped = 0;
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let handle;
    try {
      handle = await opendir(dir);
    } catch {
      skipped += 1;
      continue;
    }
    try {
      for await (const entry of handle) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) pending.push(full);
        else if ((entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith('.jsonl')) {
          try {
            const info = await stat(full);
            if (!info.isFile()) continue;
            if (sinceMs === undefined || info.mtimeMs >= sinceMs)
              files.push({ path: full, mtimeMs: info.mtimeMs, size: info.size });
          } catch {
            skipped += 1;
          }
        }
      }
    } catch {
      // a directory that vanished or failed mid-read: what was listed stands
      skipped += 1;
    }
  }
  files.sort((a, b) => a.mtimeMs - b.mtimeMs || a.path.localeCompare(b.path));
  return { files, skipped };
}

/** A single file given as the root (the CLI's `PATH` may name one transcript) is its own listing. */
export async function listTranscriptPath(
  target: string,
  sinceMs?: number,
): Promise<TranscriptListing> {
  const info = await stat(target).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`${target} cannot be read (${error.code ?? error.message})`);
  });
  if (info.isFile()) {
    const keep = sinceMs === undefined || info.mtimeMs >= sinceMs;
    return {
      files: keep ? [{ path: target, mtimeMs: info.mtimeMs, size: info.size }] : [],
      skipped: 0,
    };
  }
  return listTranscriptFiles(target, sinceMs);
}
