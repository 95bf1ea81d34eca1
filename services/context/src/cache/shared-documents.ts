import type { ClaudeMdReply } from '@mnemo/contracts';
import { LRUCache } from 'lru-cache';
import { mayServe, type CacheStamp, type CachedContext } from '../domain/context-cache-trust';

export type ClaudeMdValue = Omit<ClaudeMdReply, 'cached'>;

/** A shared CLAUDE.md as one session is served it: the same document, its telemetry naming that session. */
export const servedTo = (value: ClaudeMdValue, sessionId: string): ClaudeMdValue => ({
  markdown: value.markdown,
  telemetry: { ...value.telemetry, sessionId },
});

/** Documents kept in this process; a version bump gives new keys, so old ones only age out. */
const MAX_ENTRIES = 256;
/** No longer than the gateway's own memo of an entry (cache/context-cache-front.ts). */
const TTL_MS = 30_000;

/**
 * Built documents that no session owns: a CLAUDE.md for a session with nothing of its own yet (no
 * summary to resume from) depends only on the account, its context version and what was asked
 * (source, pins, redo), so every new session at one version shares one build (each new session used
 * to build the whole document, 250 req/s). The context service keeps the ones it built and writes
 * them to Redis under their shared name (context-cache.ts, sharedClaudeMdName); the gateway keeps the
 * ones it read there. Both look them up the same way (read/context-read.ts). Served under the trust rule (context-cache-trust.ts): an entry only
 * at the version it was built under. `knows` says whether the account has any entry at a version,
 * so a request for an account with none reads everything in one statement, as a build with nothing
 * to share does.
 */
export class SharedDocuments<T> {
  private readonly entries = new LRUCache<string, CachedContext<T>>({
    max: MAX_ENTRIES,
    ttl: TTL_MS,
  });
  /** The version each account's newest entry was built under. */
  private readonly versions = new LRUCache<string, number>({ max: MAX_ENTRIES });
  /** The version at which this process last sent the context service a CLAUDE.md miss, which builds one. */
  private readonly expected = new LRUCache<string, number>({ max: MAX_ENTRIES });

  /** Whether the account may have an entry at this version: one is kept here, or the service was asked to build one. */
  knows(stamp: CacheStamp): boolean {
    return (
      this.versions.get(stamp.accountId) === stamp.version ||
      this.expected.get(stamp.accountId) === stamp.version
    );
  }

  expect(stamp: CacheStamp | null): void {
    if (stamp !== null) this.expected.set(stamp.accountId, stamp.version);
  }

  get(stamp: CacheStamp, name: string): CachedContext<T> | null {
    const entry = this.entries.get(this.key(stamp, name));
    return mayServe(entry, stamp) ? entry : null;
  }

  put(entry: CachedContext<T>, name: string): void {
    this.entries.set(this.key(entry.stamp, name), entry);
    this.versions.set(entry.stamp.accountId, entry.stamp.version);
  }

  private key(stamp: CacheStamp, name: string): string {
    return `${stamp.accountId}\u0000${stamp.version}\u0000${name}`;
  }
}
