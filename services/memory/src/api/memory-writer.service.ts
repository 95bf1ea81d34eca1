import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { ConflictError, type EventBody, eventFactory } from '@mnemo/contracts';
import { EVENT_LOG, type EventLog } from '@mnemo/eventing';
import { appendAndAwait, CACHE, DATA_SOURCE, type Cache } from '@mnemo/persistence';

const memoryEvent = eventFactory('memory');

export type NewEvent = EventBody & {
  /** A derived id (idempotent writes): the log's duplicate check stores a retried event once. */
  id?: string;
};

/**
 * The shell around the pure decisions: stamps ids and time, appends, and answers only once the memory
 * projection has applied what was appended, so a GET right after a write sees it.
 */
@Injectable()
export class MemoryWriterService {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(CACHE) private readonly cache: Cache,
  ) {}

  now(): Date {
    return new Date();
  }

  async append(
    accountId: string,
    events: NewEvent[],
    options: { sessionId?: string; correlationId?: string } = {},
  ): Promise<number> {
    const occurredAt = this.now().toISOString();
    const envelopes = events.map(({ id, ...body }) =>
      memoryEvent({
        ...body,
        id: id ?? randomUUID(),
        accountId,
        ...(options.sessionId ? { sessionId: options.sessionId } : {}),
        ...(options.correlationId ? { correlationId: options.correlationId } : {}),
        occurredAt,
      }),
    );
    return appendAndAwait({ log: this.log, dataSource: this.db }, envelopes, 'memory');
  }

  /**
   * One writer per memory (or proposal, or plan) at a time: the decision reads the read model, so two
   * concurrent writers would both decide against the same version. The loser is told to re-read.
   */
  async exclusively<T>(key: string, work: () => Promise<T>): Promise<T> {
    const lockKey = `memory:lock:${key}`;
    const token = await this.cache.tryLock(lockKey, 15_000);
    if (!token)
      throw new ConflictError(
        `${key.split(':')[0]} is being changed by another request; read it again and retry`,
      );
    try {
      return await work();
    } finally {
      await this.cache.unlock(lockKey, token);
    }
  }
}
