import path from 'node:path';
import {
  diffSymbols,
  driftHeadline,
  git,
  snapshotEvent,
  workingTreeSnapshots,
  type CodeSymbol,
  type LocalSnapshot,
  type SnapshotIngestEvent,
} from '@mnemo/code-symbols';
import type { MnemoClient } from '@mnemo/mnemo-client';
import type { DigestDrift, DigestSession } from '@mnemo/context-service/digest';

/** Files whose drift the digest asks for: the ones the newest sessions edited, newest first. */
const DRIFT_FILES = 8;
/** `git log` for who changed a file: past this it is left out, never waited for. */
const AUTHOR_TIMEOUT_MS = 1_500;

export interface DigestDriftResult {
  drift: DigestDrift[];
  /** The working tree's versions of those files, for Mnemo to keep (session start records them). */
  snapshots: SnapshotIngestEvent[];
}

/** A file as its repository names it, or null when it lies outside `root`. */
function inRepository(file: string, root: string | null): string | null {
  if (!path.isAbsolute(file)) return file.split(path.sep).join('/');
  if (!root) return null;
  const relative = path.relative(root, file);
  return relative.startsWith('..') || path.isAbsolute(relative)
    ? null
    : relative.split(path.sep).join('/');
}

/** Each file the newest sessions edited, with the end of the newest session that edited it. */
export function editedFiles(
  sessions: readonly DigestSession[],
  root: string | null,
  limit = DRIFT_FILES,
): Array<{ path: string; since: string }> {
  const newestFirst = [...sessions].sort((a, b) =>
    (b.endedAt ?? b.startedAt).localeCompare(a.endedAt ?? a.startedAt),
  );
  const files = new Map<string, string>();
  for (const session of newestFirst) {
    const since = session.endedAt ?? session.startedAt;
    if (!since) continue;
    for (const file of session.filesEdited) {
      const relative = inRepository(file, root);
      if (relative && !files.has(relative)) files.set(relative, since);
      if (files.size >= limit) break;
    }
    if (files.size >= limit) break;
  }
  return [...files].map(([file, since]) => ({ path: file, since }));
}

/** Who changed a file since a time: the newest commit's author, else "uncommitted" for the tree's own edit. */
async function changedBy(root: string, file: string, since: string): Promise<string | null> {
  const timeout = new Promise<null>((resolve) =>
    setTimeout(resolve, AUTHOR_TIMEOUT_MS, null).unref(),
  );
  const author = git(root, ['log', '-1', '--format=%an', `--since=${since}`, '--', file])
    .then((out) => out.trim() || 'uncommitted')
    .catch(() => null);
  return Promise.race([author, timeout]);
}

/**
 * Drift for the digest (docs/code-symbols.md): for each file the agent's last sessions edited, what
 * changed in its structure since the newest of them ended. Where the checkout is on this machine the
 * working tree is parsed here and diffed against Mnemo's snapshot as of then, so an edit made between
 * sessions (a pull, an editor) shows now; elsewhere Mnemo's own newest snapshot stands for today. A file
 * with no snapshot as old as that session gives no line: nothing is made up. Every part is fail-open.
 */
export async function loadDigestDrift(
  client: MnemoClient,
  project: string,
  root: string | null,
  sessions: readonly DigestSession[],
): Promise<DigestDriftResult> {
  const files = editedFiles(sessions, root);
  if (files.length === 0) return { drift: [], snapshots: [] };
  const local = new Map<string, LocalSnapshot>();
  if (root) {
    const skips = { tooLarge: 0, unreadable: 0 };
    const snapshots = await workingTreeSnapshots(
      root,
      files.map((f) => f.path),
      skips,
    ).catch(() => []);
    for (const snapshot of snapshots) local.set(snapshot.path, snapshot);
  }
  const lines = await Promise.all(
    files.map(async ({ path: file, since }): Promise<DigestDrift | null> => {
      const today = local.get(file);
      const answer = await client
        .drift({ path: file, since, project, ...(today ? { baselineSymbols: 'true' } : {}) })
        .catch(() => null);
      if (!answer) return null;
      const delta =
        today && answer.baselineSymbols
          ? // Mnemo's own snapshots, made by this same parser: their kinds are its kinds
            diffSymbols(answer.baselineSymbols as readonly CodeSymbol[], today.symbols)
          : today
            ? null
            : answer.delta;
      const headline = delta && driftHeadline(delta);
      if (!headline) return null;
      const by =
        today && root
          ? await changedBy(root, file, since)
          : (answer.current?.author ??
            (answer.current?.commit ? `commit ${answer.current.commit.slice(0, 7)}` : null));
      return { path: file, since, text: by ? `${headline} (${by})` : headline };
    }),
  );
  return {
    drift: lines.filter((line): line is DigestDrift => line !== null),
    snapshots: [...local.values()].map((snapshot) => snapshotEvent(project, snapshot)),
  };
}
