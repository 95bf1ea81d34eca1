import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import type { ClaudeMdRequest, ContextGate, MemoryBlockRequest } from '@mnemo/contracts';
import type { EventLog, Logger } from '@mnemo/eventing';
import type { Cache } from '@mnemo/persistence';
import { mayServe, type CachedContext } from '../domain/context-cache-trust';
import { telemetryEvent } from '../effects/context-effects';
import { TelemetryBatcher } from '../effects/telemetry-batcher';
import {
  claudeMdCacheName,
  contextCacheKey,
  MEMORY_BLOCK_CACHE_NAME,
  readCachedContext,
  sharedClaudeMdName,
} from '../cache/context-cache';
import { servedTo, SharedDocuments } from '../cache/shared-documents';
import { UsedMemoryStamper } from '../cache/used-memory-stamper';
import { loadSessionRows, sessionOf } from '../sources/session-rows';
import { SourceReader } from '../sources/source-reader';
import type {
  Build,
  ClaudeMdValue,
  ContextBuilds,
  KnownRows,
  MemoryBlockValue,
  ReadParts,
} from './context-builds';

/** Entries kept in this process; a version bump gives new keys, so old ones only age out. */
const MEMO_ENTRIES = 512;
/** An entry is re-read from Redis at least this often (the Redis entry's own TTL is longer). */
const MEMO_TTL_MS = 30_000;

export interface ContextReadDeps {
  db: DataSource;
  cache: Cache;
  log: EventLog;
  logger: Logger;
  /** A session's own rows slower than this are left out (fail-open): the document is then not shared. */
  sourceTimeoutMs: number;
}

/**
 * Where a read only serves and the context service builds (the gateway), a session's own rows slower than
 * this leave it to the service.
 */
export const FRONT_ROWS_TIMEOUT_MS = 500;

/** How an answer is sent: `format` names the rendering, kept with a cached entry so a hit renders once. */
export interface Rendering<V, R> {
  format: string;
  render: (value: V) => R;
}

/** The value as it is (the RPC's reply, before its `cached`). */
export const asValue = <V>(): Rendering<V, V> => ({ format: 'value', render: (value) => value });

/** A read's outcome: the answer, and whether it was served from the cache; or, where nothing builds, a miss. */
export type ContextAnswer<R> =
  { missed: false; answer: R; cached: boolean } | { missed: true; missedAt?: number };

/** The gate a request carries: what its sender read with the version it missed at. */
const gateRead = (request: { cacheMissedAt?: number; gate?: ContextGate }) =>
  request.gate !== undefined && request.cacheMissedAt !== undefined
    ? { switches: request.gate, version: request.cacheMissedAt }
    : undefined;

interface Memo {
  entry: CachedContext<unknown>;
  /** What is sent for this entry, per rendering: built once, then reused. */
  renders: Map<string, unknown>;
}

/** A lookup's outcome: an entry to serve, or a miss with the session's own rows when the lookup read them. */
type Looked = { entry: CachedContext<unknown> } | { entry?: undefined; known?: KnownRows };

/**
 * The one owner of a context read (docs/context.md, "The read path"), on the gateway and in the context
 * service alike: the gate once (egress, switches, version), then the cache (this process's copy, the
 * document the account's new sessions share, Redis), then on a miss the builds it is given (here in the
 * service; on the gateway, a request to the service), then the answer as the caller renders it.
 *
 * At `cacheMissedAt` (the version at which the caller has just missed the request's own entry) that entry is
 * not looked up again; the shared document kept in this process still is. With the `gate` the caller read
 * at that version, the gate is not read again either: once per request, on both sides together.
 */
export class ContextRead {
  private readonly stamper: UsedMemoryStamper;
  private readonly telemetry: TelemetryBatcher;
  private readonly memo = new LRUCache<string, Memo>({ max: MEMO_ENTRIES, ttl: MEMO_TTL_MS });
  private readonly shared = new SharedDocuments<ClaudeMdValue>();
  private readonly builds: ContextBuilds;

  /** `builds`: what a miss does (builds here, asks the context service, or reports the miss), given this read's parts. */
  constructor(
    private readonly deps: ContextReadDeps,
    builds: (parts: ReadParts) => ContextBuilds,
  ) {
    this.stamper = new UsedMemoryStamper(deps);
    this.telemetry = new TelemetryBatcher(deps);
    this.builds = builds({ shared: this.shared, stamper: this.stamper, telemetry: this.telemetry });
  }

  claudeMd<R>(
    request: ClaudeMdRequest,
    as: Rendering<ClaudeMdValue, R>,
  ): Promise<ContextAnswer<R>> {
    return this.read(request, claudeMdCacheName(request), as, {
      lookShared: (reader, withRedis) => this.sharedClaudeMd(reader, request, withRedis),
      build: (builds, reader, name, known) => builds.claudeMd(reader, request, name, known),
    });
  }

  memoryBlock<R>(
    request: MemoryBlockRequest,
    as: Rendering<MemoryBlockValue, R>,
  ): Promise<ContextAnswer<R>> {
    return this.read(request, MEMORY_BLOCK_CACHE_NAME, as, {
      build: (builds, reader, name) => builds.memoryBlock(reader, request, name),
    });
  }

  /** Appends the telemetry still waiting for its batch (at shutdown, once no more requests come). */
  close(): Promise<void> {
    return this.telemetry.flush();
  }

  private async read<V, R>(
    request: { accountId: string; cacheMissedAt?: number; gate?: ContextGate },
    name: string,
    as: Rendering<V, R>,
    steps: {
      lookShared?: (reader: SourceReader, withRedis: boolean) => Promise<Looked>;
      build: (
        builds: ContextBuilds,
        reader: SourceReader,
        name: string,
        known?: KnownRows,
      ) => Promise<Build<V> | null>;
    },
  ): Promise<ContextAnswer<R>> {
    // Egress first (docs/context.md): the gate is read once per read, before anything else.
    const reader = await SourceReader.open(this.deps.db, request.accountId, gateRead(request));
    const looked = await this.lookup(reader, name, request.cacheMissedAt, steps.lookShared);
    if (looked.entry !== undefined) {
      const memo = this.remember(reader, name, looked.entry);
      this.stamper.stamp(reader.accountId, memo.entry.usedMemoryIds);
      let answer = memo.renders.get(as.format) as R | undefined;
      if (answer === undefined)
        memo.renders.set(as.format, (answer = as.render(memo.entry.value as V)));
      return { missed: false, answer, cached: true };
    }
    const built = await steps.build(this.builds, reader, name, looked.known);
    if (built === null)
      return reader.stamp === null
        ? { missed: true }
        : { missed: true, missedAt: reader.stamp.version };
    return { missed: false, answer: as.render(built.value), cached: built.cached };
  }

  /**
   * This process's copy of the entry; else, for a CLAUDE.md, the document the account's new sessions share;
   * else Redis. No trusted version is a miss: the caller builds without the cache.
   */
  private async lookup(
    reader: SourceReader,
    name: string,
    missedAt: number | undefined,
    lookShared?: (reader: SourceReader, withRedis: boolean) => Promise<Looked>,
  ): Promise<Looked> {
    const { stamp } = reader;
    if (stamp === null) return {};
    const own = stamp.version !== missedAt;
    const memo = own ? this.memo.get(contextCacheKey(stamp, name)) : undefined;
    if (memo && mayServe(memo.entry, stamp)) return { entry: memo.entry };
    const shared = lookShared ? await lookShared(reader, own) : {};
    if (shared.entry !== undefined || !own) return shared;
    const entry = await readCachedContext<unknown>(reader, name, this.deps);
    return entry === null ? shared : { entry };
  }

  private remember(reader: SourceReader, name: string, entry: CachedContext<unknown>): Memo {
    const key = contextCacheKey(reader.stamp!, name);
    let memo = this.memo.get(key);
    if (memo?.entry !== entry) this.memo.set(key, (memo = { entry, renders: new Map() }));
    return memo;
  }

  /**
   * The document new sessions of the account share at this version, as this session is served it, where
   * something says the account has one at this version (cache/shared-documents.ts); else a miss, with the
   * session's own rows when they were read (the build reads them no more). Its telemetry is recorded as a
   * build's is.
   */
  private async sharedClaudeMd(
    reader: SourceReader,
    request: ClaudeMdRequest,
    withRedis: boolean,
  ): Promise<Looked> {
    const stamp = reader.stamp!;
    if (!this.shared.knows(stamp)) return {};
    const failed: string[] = [];
    const rows = await reader.together(() =>
      loadSessionRows(reader, request.sessionId, {
        timeoutMs: this.deps.sourceTimeoutMs,
        failed,
        logger: this.deps.logger,
      }),
    );
    const known = { rows, failed };
    const name = sharedClaudeMdName(request, sessionOf(request, rows), reader.switches, failed);
    if (name === null) return { known };
    let shared = this.shared.get(stamp, name);
    if (shared === null && withRedis) {
      shared = await readCachedContext<ClaudeMdValue>(reader, name, this.deps);
      if (shared !== null) this.shared.put(shared, name);
    }
    if (shared === null) return { known };
    const value = servedTo(shared.value, request.sessionId);
    this.telemetry.record(
      telemetryEvent(
        reader.accountId,
        'memory_context_built',
        { ...value.telemetry },
        request.sessionId,
      ),
    );
    return { entry: { stamp, value, usedMemoryIds: shared.usedMemoryIds } };
  }
}
