import { hash } from 'node:crypto';
import type { ClaudeMdRequest } from '@mnemo/contracts';
import type { Logger } from '@mnemo/eventing';
import type { Cache } from '@mnemo/persistence';
import { mayServe, type CachedContext, type CacheStamp } from '../domain/context-cache-trust';
import type { SessionInfo } from '../domain/context-sources';
import type { SourceReader } from '../sources/source-reader';

const digest = (parts: string[]): string =>
  hash('sha256', parts.join('\u0000'), 'base64url').slice(0, 22);

/**
 * The one key derivation, shared by the context service and the gateway's cache front, so both find
 * the same entry: the account, its context version, and what was asked for.
 */
export const contextCacheKey = (stamp: CacheStamp, name: string): string =>
  `ctx:${stamp.accountId}:${stamp.version}:${name}`;
export const claudeMdCacheName = (request: ClaudeMdRequest): string =>
  `claude-md:${digest([request.sessionId, [...(request.pinned ?? [])].sort().join(','), request.source ?? '', String(request.isRedo ?? false)])}`;
/**
 * The name of the CLAUDE.md new sessions share (cache/shared-documents.ts): what the document depends on besides the
 * account's data, which a session with nothing of its own yet contributes alone. Null where the session's document is
 * its own: it resumes from its summary, or a source failed (a build that lost one is neither shared nor kept).
 */
export const sharedClaudeMdName = (
  request: Pick<ClaudeMdRequest, 'pinned'>,
  session: SessionInfo,
  switches: { healthModuleOn: boolean; medicationsModuleOn?: boolean },
  failed: readonly string[],
): string | null =>
  session.resuming || failed.length > 0
    ? null
    : `claude-md-shared:${digest([session.source, [...(request.pinned ?? [])].sort().join(','), String(session.isRedo ?? false), String(switches.healthModuleOn), String(switches.medicationsModuleOn ?? false)])}`;
export const MEMORY_BLOCK_CACHE_NAME = 'memory-block';

/** The long text of a cached value, carried after the entry's JSON instead of inside it. */
const TEXT_FIELDS = ['markdown', 'text'] as const;

/**
 * A cached context as Redis holds it: the entry's JSON with its value's markdown (or text) left
 * null, a newline, then that text as it is. JSON-escaping a CLAUDE.md's 26 KB (two-byte: it has '↔'
 * and '·') and sending the escaped copy cost 180-320 µs of CPU per build's cache write, about 110
 * µs this way. JSON never writes a raw newline, so the first one ends the entry; an entry with no
 * such text, or one written before, is JSON alone and reads as before.
 */
export function encodeCachedContext<T>(entry: CachedContext<T>): string {
  const value = entry.value as Record<string, unknown> | null;
  const field = TEXT_FIELDS.find((name) => typeof value?.[name] === 'string');
  if (field === undefined) return JSON.stringify(entry);
  return `${JSON.stringify({ ...entry, value: { ...value, [field]: null }, textField: field })}\n${value![field] as string}`;
}

export function decodeCachedContext<T>(raw: string): CachedContext<T> {
  const end = raw.indexOf('\n');
  if (end < 0) return JSON.parse(raw) as CachedContext<T>;
  const { textField, ...entry } = JSON.parse(raw.slice(0, end)) as CachedContext<
    Record<string, unknown>
  > & { textField: string };
  entry.value[textField] = raw.slice(end + 1); // in its own place: the key was kept, holding null
  return entry as CachedContext<T>;
}

/**
 * What is cached for this reader's account at the version its gate read, if the trust rule lets it
 * be served. No trusted version, or an unreadable cache, is a miss: the caller builds.
 */
export async function readCachedContext<T>(
  reader: SourceReader,
  name: string,
  deps: { cache: Cache; logger: Logger },
): Promise<CachedContext<T> | null> {
  if (reader.stamp === null) return null;
  const hit = await deps.cache.get(contextCacheKey(reader.stamp, name)).catch((error) => {
    deps.logger.warn(
      { err: String(error?.message ?? error) },
      'context cache unreadable; building',
    );
    return null;
  });
  const entry = hit === null ? null : decodeCachedContext<T>(hit);
  return mayServe(entry, reader.stamp) ? entry : null;
}
