import type { SourceReader } from './egress-gate';

/**
 * The version a cached context is keyed by, or null when no version can be trusted right now.
 *
 * Why this and not a counter bumped by a reactor: a reactor runs on its own consumer, so it can bump
 * before or after the memory projection applies the same edit, and either order lets a request cache
 * the old wording under a key that stays current. Instead:
 *
 * - `context_versions.last_seq` (S) is the highest sequence of any event that changes this account's
 *   context, written by the context projection in the same transaction as its own tables.
 * - Other services' read models (memory, sessions, compaction) commit their checkpoint with their
 *   rows. A key S is trusted only when, in one snapshot, (a) every such projection has applied up to
 *   S, so they hold every change S counts, and (b) the context projection has applied at least as far
 *   as each of them, so S counts every change they hold. Then the account's sources are exactly
 *   "state at S", and what is built from them (read a moment later, so never older) may be cached
 *   under S and served to anyone who sees S again.
 * - When the snapshot is not settled (a projection is mid-way), we wait briefly for it to settle
 *   (read-your-writes) and otherwise build without the cache. A cached answer is never stale.
 *
 * The first snapshot is read by SourceReader.open in the same statement as the egress switch (one
 * round trip for a cache hit): one statement is one snapshot, and it is read before any source, so
 * the argument above holds unchanged.
 *
 * MemoryFactUsed does not move S (see contextProjection), so serving a context does not invalidate it.
 */
export const FOREIGN_SOURCE_PROJECTIONS = ['memory', 'sessions', 'compaction'] as const;

/** One snapshot of the account's version and of the checkpoints it is judged against. */
export interface VersionSnapshot {
  version: string | number | null;
  own: string | number | null;
  foreign: Record<string, number> | null;
}

/** Columns of a VersionSnapshot, for a statement whose `$1` is the account id and `$2` FOREIGN_SOURCE_PROJECTIONS. */
export const VERSION_SNAPSHOT_COLUMNS = `(SELECT last_seq FROM context_versions WHERE account_id = $1) AS version,
  (SELECT last_seq FROM projection_checkpoints WHERE name = 'context') AS own,
  (SELECT json_object_agg(name, last_seq) FROM projection_checkpoints WHERE name = ANY($2::text[])) AS foreign`;

/** The version this snapshot lets us trust, or null while a projection is mid-way. */
export function trustedVersion(snapshot: VersionSnapshot | undefined): number | null {
  const version = Number(snapshot?.version ?? 0);
  const own = Number(snapshot?.own ?? 0);
  const foreign = Object.values(snapshot?.foreign ?? {}).map(Number);
  return foreign.every((seq) => seq >= version && own >= seq) ? version : null;
}

export async function readContextVersion(reader: SourceReader, settleMs: number): Promise<number | null> {
  const deadline = Date.now() + settleMs;
  let snapshot = reader.takeOpeningSnapshot();
  for (let delay = 1; ; delay = Math.min(delay * 2, 20)) {
    snapshot ??= (await reader.query<VersionSnapshot>(`SELECT ${VERSION_SNAPSHOT_COLUMNS}`, [FOREIGN_SOURCE_PROJECTIONS]))[0];
    const version = trustedVersion(snapshot);
    if (version !== null) return version;
    if (Date.now() >= deadline) return null;
    snapshot = null;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
