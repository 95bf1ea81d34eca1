import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import type {
  ClaudeMdReply,
  ClaudeMdRequest,
  MemoryBlockReply,
  MemoryBlockRequest,
} from '@mnemo/contracts';
import type { EventLog, Logger } from '@mnemo/eventing';
import type { Cache } from '@mnemo/persistence';
import { mayServe, type CachedContext } from '../domain/context-cache-trust';
import { SourceReader } from '../sources/source-reader';
import { telemetryEvent } from '../effects/context-effects';
import { TelemetryBatcher } from '../effects/telemetry-batcher';
import { loadSessionRows, sessionOf } from '../sources/session-rows';
import {
  claudeMdCacheName,
  contextCacheKey,
  MEMORY_BLOCK_CACHE_NAME,
  readCachedContext,
  sharedClaudeMdName,
} from './context-cache';
import { servedTo, SharedDocuments, type ClaudeMdValue } from './shared-documents';
import { UsedMemoryStamper } from './used-memory-stamper';

/** Entries kept in this process; a version bump gives new keys, so old ones only age out. */
const MEMO_ENTRIES = 512;
/** An entry is re-read from Redis at least this often (the Redis entry's own TTL is longer). */
const MEMO_TTL_MS = 30_000;
/** A session's own rows, read on the way to a shared document: slower than this, the service decides. */
const SESSION_ROWS_TIMEOUT_MS = 500;

/** What the front answers: the hit, or a miss with the version it missed at (none when the version was unreadable). */
export type FrontRead<R> =
  { hit: R; missedAt?: undefined } | { hit?: undefined; missedAt?: number };

const asReply = <V extends object>(value: V): V & { cached: true } => ({ ...value, cached: true });

interface Memo {
  entry: CachedContext<unknown>;
  /** What the edge sends for this entry, per rendering (markdown, json…): built once, then reused. */
  renders: Map<string, unknown>;
}

/**
 * The gateway's side of the context cache: a warm answer served without the NATS round trip to the
 * context service (the round trip, the reply's JSON both ways and the service's work were most of a
 * hit's cost). It keeps the service's rules: egress first (SourceReader.open refuses before anything
 * is read), the same key derivation and trust rule (context-cache.ts), and it stamps what it serves.
 * It never builds: on a miss the caller asks the context service, which does, telling it the version it
 * missed at so the service does not read the cache again (one Redis round trip per build).
 *
 * A hit costs the gate's one database round trip: the entry the key names (account, the version the
 * gate just read, what was asked) is kept in this process with what the edge renders from it, so
 * Redis and the JSON both ways are paid once per entry, not per request. The key is the trust rule's
 * own (an entry is served only at the version it was built under), so nothing here can serve older
 * data than the Redis entry would.
 *
 * A new session's CLAUDE.md is served the same way from the document the account's new sessions share at
 * the version (shared-documents.ts), at the cost of a second round trip for the session's own rows: only
 * those tell whether the session has something of its own (a summary to resume from).
 */
export class ContextCacheFront {
  private readonly stamper: UsedMemoryStamper;
  private readonly telemetry: TelemetryBatcher;
  private readonly memo = new LRUCache<string, Memo>({ max: MEMO_ENTRIES, ttl: MEMO_TTL_MS });
  private readonly shared = new SharedDocuments<ClaudeMdValue>();
  /** The version at which this front last sent each account's CLAUDE.md miss to the context service. */
  private readonly askedAt = new LRUCache<string, number>({ max: MEMO_ENTRIES });

  constructor(
    private readonly deps: { db: DataSource; cache: Cache; log: EventLog; logger: Logger },
  ) {
    this.stamper = new UsedMemoryStamper(deps);
    this.telemetry = new TelemetryBatcher(deps);
  }

  /** A cached CLAUDE.md as the RPC answers it, or the version it missed at. */
  claudeMd(request: ClaudeMdRequest): Promise<FrontRead<ClaudeMdReply>> {
    return this.rendered(
      request.accountId,
      claudeMdCacheName(request),
      'reply',
      asReply<ClaudeMdValue>,
      request,
    );
  }

  /** A cached memory block as the RPC answers it, or the version it missed at. */
  memoryBlock(request: MemoryBlockRequest): Promise<FrontRead<MemoryBlockReply>> {
    return this.rendered(
      request.accountId,
      MEMORY_BLOCK_CACHE_NAME,
      'reply',
      asReply<Omit<MemoryBlockReply, 'cached'>>,
    );
  }

  /** A cached CLAUDE.md as `render` turns it into what is sent, rendered once per entry and `format`. */
  claudeMdRendered<R>(
    request: ClaudeMdRequest,
    format: string,
    render: (value: ClaudeMdValue) => R,
  ): Promise<FrontRead<R>> {
    return this.rendered(request.accountId, claudeMdCacheName(request), format, render, request);
  }

  /** A cached memory block as `render` turns it into what is sent, rendered once per entry and `format`. */
  memoryBlockRendered<R>(
    request: MemoryBlockRequest,
    format: string,
    render: (value: Omit<MemoryBlockReply, 'cached'>) => R,
  ): Promise<FrontRead<R>> {
    return this.rendered(request.accountId, MEMORY_BLOCK_CACHE_NAME, format, render);
  }

  /** Appends the telemetry of what it served from shared documents that still waits for its batch (at shutdown). */
  close(): Promise<void> {
    return this.telemetry.flush();
  }

  /** `claudeMd`: the request of a CLAUDE.md, whose session may be served the document new sessions share. */
  private async rendered<T, R>(
    accountId: string,
    name: string,
    format: string,
    render: (value: T) => R,
    claudeMd?: ClaudeMdRequest,
  ): Promise<FrontRead<R>> {
    // Egress first (docs/context.md).
    const reader = await SourceReader.open(this.deps.db, accountId);
    if (reader.stamp === null) return {};
    const key = contextCacheKey(reader.stamp, name);
    let memo = this.memo.get(key);
    if (!memo || !mayServe(memo.entry, reader.stamp)) {
      const shared = claudeMd
        ? ((await this.sharedClaudeMd(reader, claudeMd)) as CachedContext<T> | null | undefined)
        : undefined;
      const entry =
        shared === undefined ? await readCachedContext<T>(reader, name, this.deps) : shared;
      if (entry === null) {
        if (claudeMd) this.askedAt.set(accountId, reader.stamp.version);
        return { missedAt: reader.stamp.version };
      }
      memo = { entry, renders: new Map() };
      this.memo.set(key, memo);
    }
    this.stamper.stamp(accountId, memo.entry.usedMemoryIds);
    let out = memo.renders.get(format) as R | undefined;
    if (out === undefined) {
      out = render(memo.entry.value as T);
      memo.renders.set(format, out);
    }
    return { hit: out };
  }

  /**
   * The document new sessions of the account share at this version, as this session is served it (null when this
   * front finds none: the service decides), or undefined where the session's own entry is what to look for: it has
   * rows of its own (a summary to resume from), or nothing tells that the account has a shared document (this front
   * has not sent the service a CLAUDE.md miss at this version, which builds one, and keeps none), so a first request
   * after a change goes to the service without the extra round trip. Its telemetry is recorded as the service records
   * a build's.
   */
  private async sharedClaudeMd(
    reader: SourceReader,
    request: ClaudeMdRequest,
  ): Promise<CachedContext<ClaudeMdValue> | null | undefined> {
    const stamp = reader.stamp!;
    if (this.askedAt.get(reader.accountId) !== stamp.version && !this.shared.knows(stamp))
      return undefined;
    const failed: string[] = [];
    const rows = await reader.together(() =>
      loadSessionRows(reader, request.sessionId, {
        timeoutMs: SESSION_ROWS_TIMEOUT_MS,
        failed,
        logger: this.deps.logger,
      }),
    );
    const name = sharedClaudeMdName(request, sessionOf(request, rows), reader.switches, failed);
    if (name === null) return undefined;
    let shared = this.shared.get(stamp, name);
    if (shared === null) {
      shared = await readCachedContext<ClaudeMdValue>(reader, name, this.deps);
      if (shared === null) return null;
      this.shared.put(shared, name);
    }
    const value = servedTo(shared.value, request.sessionId);
    this.telemetry.record(
      telemetryEvent(
        reader.accountId,
        'memory_context_built',
        { ...value.telemetry },
        request.sessionId,
      ),
    );
    return { stamp, value, usedMemoryIds: shared.usedMemoryIds };
  }
}
