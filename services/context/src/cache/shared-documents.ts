import type { ClaudeMdReply } from '@mnemo/contracts';
import { mayServe, type CacheStamp, type CachedContext } from '../domain/context-cache-trust';

export type ClaudeMdValue = Omit<ClaudeMdReply, 'cached'>;

/** A shared CLAUDE.md as one session is served it: the same document, its telemetry naming that session. */
export const servedTo = (value: ClaudeMdValue, sessionId: string): ClaudeMdValue => ({ markdown: value.markdown, telemetry: { ...value.telemetry, sessionId } });

/** Documents kept in this process; a version bump gives new keys, so old ones only age out. */
const MAX_ENTRIES = 256;
/** No longer than the gateway's own memo of an entry (cache/context-cache-front.ts). */
const TTL_MS = 30_000;

interface Kept<T> {
  entry: CachedContext<T>;
  until: number;
}

/**
 * Built documents that no session owns: a CLAUDE.md for a session with nothing of its own yet (no summary to
 * resume from) depends only on the account, its context version and what was asked (source, pins, redo), so
 * every new session at one version shares one build (issue 17: each new session built the whole document,
 * 250 req/s). The context service keeps the ones it built and writes them to Redis under their shared name
 * (context-cache.ts, sharedClaudeMdName); the gateway's front keeps the ones it read there. Served under the
 * trust rule (context-cache-trust.ts): an entry only at the version it was built under. `knows` says whether
 * the account has any entry at a version, so a request for an account with none reads everything in one
 * statement, as a build with nothing to share does.
 */
export class SharedDocuments<T> {
  private readonly entries = new Map<string, Kept<T>>();
  /** The version each account's newest entry was built under. */
  private readonly versions = new Map<string, number>();

  knows(stamp: CacheStamp): boolean {
    return this.versions.get(stamp.accountId) === stamp.version;
  }

  get(stamp: CacheStamp, name: string): CachedContext<T> | null {
    const key = this.key(stamp, name);
    const kept = this.entries.get(key);
    if (!kept) return null;
    if (kept.until <= Date.now() || !mayServe(kept.entry, stamp)) {
      this.entries.delete(key);
      return null;
    }
    return kept.entry;
  }

  put(entry: CachedContext<T>, name: string): void {
    const key = this.key(entry.stamp, name);
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { entry, until: Date.now() + TTL_MS });
    this.versions.delete(entry.stamp.accountId);
    if (this.versions.size >= MAX_ENTRIES) this.versions.delete(this.versions.keys().next().value!);
    this.versions.set(entry.stamp.accountId, entry.stamp.version);
  }

  private key(stamp: CacheStamp, name: string): string {
    return `${stamp.accountId}\u0000${stamp.version}\u0000${name}`;
  }
}
