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
 * MemoryFactUsed does not move S (see contextProjection), so serving a context does not invalidate it.
 */
export const FOREIGN_SOURCE_PROJECTIONS = ['memory', 'sessions', 'compaction'] as const;

export async function readContextVersion(reader: SourceReader, settleMs: number): Promise<number | null> {
  const deadline = Date.now() + settleMs;
  for (let delay = 1; ; delay = Math.min(delay * 2, 20)) {
    const rows = await reader.query<{ version: string | null; own: string | null; foreign: Record<string, number> | null }>(
      `SELECT (SELECT last_seq FROM context_versions WHERE account_id = $1) AS version,
              (SELECT last_seq FROM projection_checkpoints WHERE name = 'context') AS own,
              (SELECT json_object_agg(name, last_seq) FROM projection_checkpoints WHERE name = ANY($2::text[])) AS foreign`,
      [FOREIGN_SOURCE_PROJECTIONS],
    );
    const version = Number(rows[0]?.version ?? 0);
    const own = Number(rows[0]?.own ?? 0);
    const foreign = Object.values(rows[0]?.foreign ?? {}).map(Number);
    if (foreign.every((seq) => seq >= version && own >= seq)) return version;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
