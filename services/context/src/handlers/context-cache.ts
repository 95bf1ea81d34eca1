import { createHash } from 'node:crypto';
import type { ClaudeMdRequest } from '@mnemo/contracts';
import type { EventLog, Logger } from '@mnemo/eventing';
import type { Cache } from '@mnemo/persistence';
import { afterServing, stampMemoriesUsed, USED_STAMP_INTERVAL_MS } from './context-effects';
import { readContextVersion } from './context-version';
import type { SourceReader } from './egress-gate';

/** What the cache holds for one context: the answer and the memories it serves (to stamp on a hit). */
export interface CachedContext<T> {
  value: T;
  usedMemoryIds: string[];
}

const digest = (parts: string[]): string => createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 22);

/**
 * The one key derivation, shared by the context service and the gateway's cache front, so both find
 * the same entry: the account, its trusted context version, and what was asked for.
 */
export const contextCacheKey = (accountId: string, version: number, name: string): string => `ctx:${accountId}:${version}:${name}`;
export const claudeMdCacheName = (request: ClaudeMdRequest): string =>
  `claude-md:${digest([request.sessionId, [...(request.pinned ?? [])].sort().join(','), request.source ?? '', String(request.isRedo ?? false)])}`;
export const MEMORY_BLOCK_CACHE_NAME = 'memory-block';

/**
 * The key this reader's account may use now (null when no version can be trusted) and what is cached
 * under it. An unreadable version or cache is a miss: the caller builds.
 */
export async function readCachedContext<T>(
  reader: SourceReader,
  name: string,
  deps: { cache: Cache; logger: Logger },
  settleMs: number,
): Promise<{ key: string | null; entry: CachedContext<T> | null }> {
  const version = await readContextVersion(reader, settleMs).catch((error) => {
    deps.logger.warn({ err: String(error?.message ?? error) }, 'context version unreadable; building without the cache');
    return null;
  });
  if (version === null) return { key: null, entry: null };
  const key = contextCacheKey(reader.accountId, version, name);
  const hit = await deps.cache.get(key).catch((error) => {
    deps.logger.warn({ err: String(error?.message ?? error) }, 'context cache unreadable; building');
    return null;
  });
  return { key, entry: hit === null ? null : (JSON.parse(hit) as CachedContext<T>) };
}

/**
 * Stamps served memories (MemoryFactUsed) without ever holding up the answer. The Redis lock in
 * stampMemoriesUsed keeps it to once per set and interval across processes; this in-process memo
 * spares a busy instance that Redis round trip on every hit. A lost stamp is forgotten, so it is retried.
 */
export class UsedMemoryStamper {
  private readonly recent = new Map<string, number>();

  constructor(private readonly deps: { log: EventLog; cache: Cache; logger: Logger }) {}

  stamp(accountId: string, ids: readonly string[]): void {
    if (ids.length === 0) return;
    const memo = `${accountId}\n${ids.join('\n')}`;
    const now = Date.now();
    if ((this.recent.get(memo) ?? 0) > now) return;
    if (this.recent.size >= 10_000) this.recent.clear();
    this.recent.set(memo, now + USED_STAMP_INTERVAL_MS);
    const stamping = stampMemoriesUsed(this.deps, accountId, ids).catch((error) => {
      this.recent.delete(memo);
      throw error;
    });
    afterServing(this.deps.logger, 'MemoryFactUsed', stamping);
  }
}
