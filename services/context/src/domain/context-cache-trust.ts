/**
 * The trust rule of the context cache: when a cached context may be served, and when a build may be kept.
 *
 * The version is a per-account counter that every context projection moves in the same transaction
 * as the rows it changes (projections/context-versions.writes.ts), so the rows a reader can see
 * and the version it reads always belong together: the counter cannot move before the data is
 * visible, nor the data change without the counter. The gate reads it in the same statement as the
 * egress switch, before any source. So an entry stamped with the account and the version a request
 * reads was built from data at least as new as that version, and nothing has changed since.
 */
export interface CacheStamp {
  accountId: string;
  version: number;
}

/** What the cache holds for one context: the stamp it was built under, the answer, and the memories it serves (to stamp on a hit). */
export interface CachedContext<T> {
  stamp: CacheStamp;
  value: T;
  usedMemoryIds: string[];
}

/**
 * The stamp a request may read and write under, from the version the gate read: an account no
 * projection has touched yet is at version 0; a value that is not a counter (an unreadable row)
 * gives no stamp, and the request builds without the cache.
 */
export function trustedStamp(accountId: string, version: unknown): CacheStamp | null {
  const counter =
    version === null || version === undefined
      ? 0
      : typeof version === 'string' && version.trim() !== ''
        ? Number(version)
        : version;
  return typeof counter === 'number' && Number.isSafeInteger(counter) && counter >= 0
    ? { accountId, version: counter }
    : null;
}

/** An entry is served only to the account and at the version it was built under: never older, never newer, never another's. */
export function mayServe<T>(
  entry: CachedContext<T> | null | undefined,
  stamp: CacheStamp | null,
): entry is CachedContext<T> {
  return (
    !!entry &&
    !!stamp &&
    entry.stamp?.accountId === stamp.accountId &&
    entry.stamp?.version === stamp.version
  );
}

/** A build is kept only under a trusted stamp and only when every source answered: one that lost a source is tried again next time. */
export function mayStore(
  stamp: CacheStamp | null,
  build: { failedSources: readonly string[] },
): stamp is CacheStamp {
  return stamp !== null && build.failedSources.length === 0;
}
