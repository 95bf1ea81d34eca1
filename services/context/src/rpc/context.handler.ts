import type { DataSource } from 'typeorm';
import type {
  ClaudeMdReply,
  ClaudeMdRequest,
  MemoryBlockReply,
  MemoryBlockRequest,
} from '@mnemo/contracts';
import type { EventLog, Logger } from '@mnemo/eventing';
import type { Cache } from '@mnemo/persistence';
import { DEFAULT_CONTEXT_BUDGETS, type ContextBudgets } from '../domain/context-sources';
import { asValue, ContextRead, type ContextAnswer } from '../read/context-read';
import type { ClaudeMdValue, MemoryBlockValue } from '../read/context-builds';
import { LocalBuilds } from '../read/local-builds';
import { DEFAULT_CONTEXT_CACHE_TTL_MS, DEFAULT_CONTEXT_SOURCE_TIMEOUT_MS } from '../context.config';

export interface ContextHandlerDeps {
  db: DataSource;
  cache: Cache;
  log: EventLog;
  logger: Logger;
  budgets?: ContextBudgets;
  /** A source slower than this is left out (fail-open). */
  sourceTimeoutMs?: number;
  cacheTtlMs?: number;
}

/** The reply to the RPC: a read whose builds are local always answers. */
function reply<V>(read: ContextAnswer<V>): V & { cached: boolean } {
  if (read.missed) throw new Error('a context read with local builds answered nothing');
  return { ...read.answer, cached: read.cached };
}

/**
 * The context service's side of a context read (read/context-read.ts): on a miss it builds here
 * (read/local-builds.ts). `cacheMissedAt` says at which version the gateway has just missed the request's
 * own entry: the cache is not read again for it.
 */
export class ContextHandler {
  private readonly read: ContextRead;

  constructor(deps: ContextHandlerDeps) {
    const sourceTimeoutMs = deps.sourceTimeoutMs ?? DEFAULT_CONTEXT_SOURCE_TIMEOUT_MS;
    const settings = {
      budgets: deps.budgets ?? DEFAULT_CONTEXT_BUDGETS,
      sourceTimeoutMs,
      cacheTtlMs: deps.cacheTtlMs ?? DEFAULT_CONTEXT_CACHE_TTL_MS,
    };
    this.read = new ContextRead(
      { ...deps, sourceTimeoutMs },
      (parts) => new LocalBuilds({ ...deps, ...settings }, parts),
    );
  }

  async claudeMd(request: ClaudeMdRequest): Promise<ClaudeMdReply> {
    return reply(await this.read.claudeMd(request, asValue<ClaudeMdValue>()));
  }

  async memoryBlock(request: MemoryBlockRequest): Promise<MemoryBlockReply> {
    return reply(await this.read.memoryBlock(request, asValue<MemoryBlockValue>()));
  }

  /** Appends the telemetry still waiting for its batch (at shutdown, once no more requests come). */
  close(): Promise<void> {
    return this.read.close();
  }
}
