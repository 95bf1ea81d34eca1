import type { EventLog, Logger } from '@mnemo/eventing';
import type { Cache } from '@mnemo/persistence';
import {
  afterServing,
  stampMemoriesUsed,
  USED_STAMP_INTERVAL_MS,
} from '../effects/context-effects';

/**
 * Stamps served memories (MemoryFactUsed) without ever holding up the answer. The Redis lock in
 * stampMemoriesUsed keeps it to once per set and interval across processes; this in-process memo
 * spares a busy instance that Redis round trip on every hit. A lost stamp is forgotten, so it is retried.
 */
export class UsedMemoryStamper {
  private readonly recent = new Map<string, number>();
  /**
   * The memo key of an id list this process has seen: a cached entry's list is stamped on every
   * hit, and joining its ids (and hashing the long string) each time cost about 3 µs of a warm
   * hit's 50-70 µs of CPU.
   */
  private readonly keys = new WeakMap<readonly string[], { accountId: string; memo: string }>();

  constructor(private readonly deps: { log: EventLog; cache: Cache; logger: Logger }) {}

  stamp(accountId: string, ids: readonly string[]): void {
    if (ids.length === 0) return;
    const memo = this.memoKey(accountId, ids);
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

  private memoKey(accountId: string, ids: readonly string[]): string {
    const known = this.keys.get(ids);
    if (known?.accountId === accountId) return known.memo;
    const memo = `${accountId}\n${ids.join('\n')}`;
    this.keys.set(ids, { accountId, memo });
    return memo;
  }
}
