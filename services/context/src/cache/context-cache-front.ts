import type {
  ClaudeMdReply,
  ClaudeMdRequest,
  MemoryBlockReply,
  MemoryBlockRequest,
} from '@mnemo/contracts';
import type { EventLog, Logger } from '@mnemo/eventing';
import type { Cache } from '@mnemo/persistence';
import type { DataSource } from 'typeorm';
import { reportMisses, type ClaudeMdValue, type MemoryBlockValue } from '../read/context-builds';
import {
  asValue,
  ContextRead,
  FRONT_ROWS_TIMEOUT_MS,
  type ContextAnswer,
} from '../read/context-read';

/** What the front answers: the hit, or a miss with the version it missed at (none when the version was unreadable). */
export type FrontRead<R> =
  { hit: R; missedAt?: undefined } | { hit?: undefined; missedAt?: number };

const front = <V>(read: ContextAnswer<V>): FrontRead<V & { cached: true }> =>
  !read.missed
    ? { hit: { ...read.answer, cached: true } }
    : read.missedAt === undefined
      ? {}
      : { missedAt: read.missedAt };

/**
 * The gateway's cache lookup alone: the context read (read/context-read.ts) as the gateway runs it, with
 * its misses reported instead of asked of the context service, so a caller can see what the gateway
 * serves itself and at which version it would ask.
 */
export class ContextCacheFront {
  private readonly read: ContextRead;

  constructor(deps: { db: DataSource; cache: Cache; log: EventLog; logger: Logger }) {
    this.read = new ContextRead({ ...deps, sourceTimeoutMs: FRONT_ROWS_TIMEOUT_MS }, reportMisses);
  }

  async claudeMd(request: ClaudeMdRequest): Promise<FrontRead<ClaudeMdReply>> {
    return front(await this.read.claudeMd(request, asValue<ClaudeMdValue>()));
  }

  async memoryBlock(request: MemoryBlockRequest): Promise<FrontRead<MemoryBlockReply>> {
    return front(await this.read.memoryBlock(request, asValue<MemoryBlockValue>()));
  }

  /** Appends the telemetry of what it served from shared documents that still waits for its batch (at shutdown). */
  close(): Promise<void> {
    return this.read.close();
  }
}
