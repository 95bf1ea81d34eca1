import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ConflictError, DependencyError, eventFactory, type PayloadInput } from '@mnemo/contracts';
import { EVENT_LOG, type EventLog } from '@mnemo/eventing';
import { appendAndAwait, CACHE, DATA_SOURCE, type Cache } from '@mnemo/persistence';
import { lifeInventoryProjection } from '../projections/life-inventory.projection';
import { LifeInventoryReadsService } from './life-inventory-reads.service';

const profileEvent = eventFactory('profile');

const LOCK_MS = 30_000;

/** The events a life inventory's requests write. */
type LifeInventoryEventType =
  'InventoryTypeDefined' | 'InventoryTakeStarted' | 'InventoryItemRated' | 'InventoryTakeCompleted';

/** Life inventory writes: each an event, answered once the read model holds it (read-your-writes). */
@Injectable()
export class LifeInventoryWriterService {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(CACHE) private readonly cache: Cache,
    private readonly reads: LifeInventoryReadsService,
  ) {}

  async write<T extends LifeInventoryEventType>(
    accountId: string,
    type: T,
    payload: PayloadInput<T>,
  ): Promise<void> {
    await this.writeAll(accountId, type, [payload]);
  }

  /** Several events of one type in one append and one wait: a request's writes land together. */
  async writeAll<T extends LifeInventoryEventType>(
    accountId: string,
    type: T,
    payloads: readonly PayloadInput<T>[],
  ): Promise<void> {
    const occurredAt = new Date().toISOString();
    const events = payloads.map((payload) =>
      profileEvent<T>({ id: randomUUID(), type, accountId, occurredAt, payload }),
    );
    await appendAndAwait(
      { log: this.log, dataSource: this.db },
      events,
      lifeInventoryProjection.name,
    );
  }

  /**
   * Runs `work` while no other request of this account touches this inventory type, and only when
   * no take of the type is in progress (docs/profile.md: one take in progress per type; an import
   * is refused while one is).
   */
  async withNoTakeInProgress<T>(
    accountId: string,
    inventoryType: string,
    work: () => Promise<T>,
  ): Promise<T> {
    const key = `profile:inventory:${accountId}:${inventoryType}`;
    const token = await this.cache.tryLock(key, LOCK_MS);
    if (!token)
      throw new DependencyError(
        'life inventory',
        `another change to "${inventoryType}" is in flight; try again`,
      );
    try {
      const open = await this.reads.inProgress(accountId, inventoryType);
      if (open)
        throw new ConflictError(
          `a take of "${inventoryType}" is in progress (${open.takeId}); complete it first`,
          { takeId: open.takeId },
        );
      return await work();
    } finally {
      await this.cache.unlock(key, token);
    }
  }
}
