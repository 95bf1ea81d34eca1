import type { DataSource } from 'typeorm';
import type { ClaudeMdReply, ClaudeMdRequest, MemoryBlockReply, MemoryBlockRequest } from '@mnemo/contracts';
import type { EventLog, Logger } from '@mnemo/eventing';
import type { Cache } from '@mnemo/persistence';
import { SourceReader } from '../sources/source-reader';
import { claudeMdCacheName, MEMORY_BLOCK_CACHE_NAME, readCachedContext } from './context-cache';
import { UsedMemoryStamper } from './used-memory-stamper';

/**
 * The gateway's side of the context cache: a warm answer served without the NATS round trip to the
 * context service (the round trip, the reply's JSON both ways and the service's work were most of a
 * hit's cost). It keeps the service's rules: egress first (SourceReader.open refuses before anything
 * is read), the same key derivation and trust rule (context-cache.ts), and it stamps what it serves.
 * It never builds: a null is a miss, and the caller asks the context service, which does.
 */
export class ContextCacheFront {
  private readonly stamper: UsedMemoryStamper;

  constructor(private readonly deps: { db: DataSource; cache: Cache; log: EventLog; logger: Logger }) {
    this.stamper = new UsedMemoryStamper(deps);
  }

  async claudeMd(request: ClaudeMdRequest): Promise<ClaudeMdReply | null> {
    const reader = await SourceReader.open(this.deps.db, request.accountId); // SPEC §8: egress first
    const value = await this.hit<Omit<ClaudeMdReply, 'cached'>>(reader, claudeMdCacheName(request));
    return value && { ...value, cached: true };
  }

  async memoryBlock(request: MemoryBlockRequest): Promise<MemoryBlockReply | null> {
    const reader = await SourceReader.open(this.deps.db, request.accountId); // SPEC §8: egress first
    const value = await this.hit<Omit<MemoryBlockReply, 'cached'>>(reader, MEMORY_BLOCK_CACHE_NAME);
    return value && { ...value, cached: true };
  }

  private async hit<T>(reader: SourceReader, name: string): Promise<T | null> {
    const entry = await readCachedContext<T>(reader, name, this.deps);
    if (entry === null) return null;
    this.stamper.stamp(reader.accountId, entry.usedMemoryIds);
    return entry.value;
  }
}
