import { hash } from 'node:crypto';
import type { ClaudeMdRequest } from '@mnemo/contracts';
import type { Logger } from '@mnemo/eventing';
import type { Cache } from '@mnemo/persistence';
import { mayServe, type CachedContext, type CacheStamp } from '../domain/context-cache-trust';
import type { SourceReader } from '../sources/source-reader';

const digest = (parts: string[]): string => hash('sha256', parts.join('\u0000'), 'base64url').slice(0, 22);

/**
 * The one key derivation, shared by the context service and the gateway's cache front, so both find
 * the same entry: the account, its context version, and what was asked for.
 */
export const contextCacheKey = (stamp: CacheStamp, name: string): string => `ctx:${stamp.accountId}:${stamp.version}:${name}`;
export const claudeMdCacheName = (request: ClaudeMdRequest): string =>
  `claude-md:${digest([request.sessionId, [...(request.pinned ?? [])].sort().join(','), request.source ?? '', String(request.isRedo ?? false)])}`;
export const MEMORY_BLOCK_CACHE_NAME = 'memory-block';

/**
 * What is cached for this reader's account at the version its gate read, if the trust rule lets it
 * be served. No trusted version, or an unreadable cache, is a miss: the caller builds.
 */
export async function readCachedContext<T>(reader: SourceReader, name: string, deps: { cache: Cache; logger: Logger }): Promise<CachedContext<T> | null> {
  if (reader.stamp === null) return null;
  const hit = await deps.cache.get(contextCacheKey(reader.stamp, name)).catch((error) => {
    deps.logger.warn({ err: String(error?.message ?? error) }, 'context cache unreadable; building');
    return null;
  });
  const entry = hit === null ? null : (JSON.parse(hit) as CachedContext<T>);
  return mayServe(entry, reader.stamp) ? entry : null;
}
