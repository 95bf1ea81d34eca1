import { subjectMatches } from '../subject-matches';
import type { StoredRecord, StreamStore } from './stream-store';

export interface DurableSettings {
  filterSubject: string;
  maxDeliver: number;
  ackWaitMs: number;
  /**
   * Raw input: a message whose key has an earlier one unsettled (in hand, or waiting for its retry) is
   * held back until that one is settled, as JetStream's partitions do (docs/event-log.md).
   */
  orderKey?: (record: StoredRecord) => string;
}

/** What survives a restart: the cursor and the deliveries not yet settled (redelivered on resume). */
export interface DurableSnapshot {
  filterSubject: string;
  nextSeq: number;
  /** [seq, deliveries so far] */
  pending: [number, number][];
}

export interface Claim {
  record: StoredRecord;
  deliveryCount: number;
  /** Identifies this delivery, so a nak from an older delivery of the same message is ignored. */
  token: number;
}

interface Pending {
  count: number;
  /** When the message may be delivered (again): ack-wait deadline while in hand, nak delay after. */
  availableAt: number;
  token: number;
}

/**
 * A durable consumer's state over one stream: a cursor over first deliveries plus the unsettled ones.
 * Time comes in as `now`, so the redelivery rules are testable without a clock.
 */
export class DurableConsumer {
  private nextSeq = 1;
  private readonly pending = new Map<number, Pending>();
  private tokens = 0;

  constructor(
    readonly name: string,
    private readonly stream: StreamStore,
    public settings: DurableSettings,
  ) {}

  static restore(name: string, stream: StreamStore, snapshot: DurableSnapshot): DurableConsumer {
    // Delivery limits are not persisted: the next consume() brings them.
    const consumer = new DurableConsumer(name, stream, {
      filterSubject: snapshot.filterSubject,
      maxDeliver: Number.POSITIVE_INFINITY,
      ackWaitMs: 30_000,
    });
    consumer.nextSeq = snapshot.nextSeq;
    for (const [seq, count] of snapshot.pending)
      consumer.pending.set(seq, { count, availableAt: 0, token: 0 });
    return consumer;
  }

  /**
   * Takes up to `max` deliveries in sequence order: due redeliveries and new messages alike, except
   * those an earlier unsettled message of their order key holds back.
   */
  claim(max: number, now: number): Claim[] {
    const claims: Claim[] = [];
    const held = new Set<string>();
    const consider = (record: StoredRecord, entry: Pending) => {
      const key = this.settings.orderKey?.(record);
      if (key !== undefined && held.has(key)) return;
      if (entry.availableAt > now) {
        if (key !== undefined) held.add(key);
      } else if (entry.count >= this.settings.maxDeliver) this.finish(record.seq);
      else claims.push(this.deliver(record, entry, now));
    };
    for (const [seq, entry] of [...this.pending].sort((a, b) => a[0] - b[0])) {
      if (claims.length >= max) break;
      const record = this.stream.get(seq);
      if (record) consider(record, entry);
      else this.pending.delete(seq);
    }
    while (claims.length < max && this.nextSeq <= this.stream.lastSeq) {
      const record = this.stream.get(this.nextSeq++);
      if (!record || !subjectMatches(this.settings.filterSubject, record.subject)) continue;
      const entry: Pending = { count: 0, availableAt: 0, token: 0 };
      this.pending.set(record.seq, entry);
      consider(record, entry);
    }
    return claims;
  }

  /** Ack and term end a message whichever delivery settles it; on the work-queue stream it is deleted. */
  ack(seq: number): void {
    if (this.pending.has(seq)) this.finish(seq);
  }

  term(seq: number): void {
    this.ack(seq);
  }

  nak(seq: number, token: number, delayMs: number, now: number): void {
    const entry = this.pending.get(seq);
    if (!entry || entry.token !== token) return;
    if (entry.count >= this.settings.maxDeliver) this.finish(seq);
    else entry.availableAt = now + Math.max(0, delayMs);
  }

  /** The delivery in hand is still being worked on: its ack wait starts again. */
  working(seq: number, token: number, now: number): void {
    const entry = this.pending.get(seq);
    if (entry && entry.token === token) entry.availableAt = now + this.settings.ackWaitMs;
  }

  /** The earliest moment a pending message becomes deliverable again, if any is pending. */
  nextDueAt(): number | undefined {
    let earliest: number | undefined;
    for (const entry of this.pending.values()) {
      if (earliest === undefined || entry.availableAt < earliest) earliest = entry.availableAt;
    }
    return earliest;
  }

  /** Matching messages not yet settled: unsettled deliveries plus those not delivered yet (or held back). */
  pendingCount(): number {
    let count = 0;
    for (const seq of this.pending.keys()) if (this.stream.get(seq)) count++;
    for (const record of this.stream.range(this.nextSeq)) {
      if (subjectMatches(this.settings.filterSubject, record.subject)) count++;
    }
    return count;
  }

  /**
   * The sequence through which every matching message is settled: just below the first one still
   * pending or not delivered yet, else the stream's end (messages of other subjects are no gap).
   */
  settledThrough(): number {
    let floor = this.stream.lastSeq;
    for (const seq of this.pending.keys())
      if (seq <= floor && this.stream.get(seq)) floor = seq - 1;
    for (const record of this.stream.range(this.nextSeq)) {
      if (record.seq > floor) break;
      if (subjectMatches(this.settings.filterSubject, record.subject)) {
        floor = record.seq - 1;
        break;
      }
    }
    return floor;
  }

  snapshot(): DurableSnapshot {
    return {
      filterSubject: this.settings.filterSubject,
      nextSeq: this.nextSeq,
      pending: [...this.pending].map(([seq, entry]) => [seq, entry.count]),
    };
  }

  private deliver(record: StoredRecord, entry: Pending, now: number): Claim {
    entry.count++;
    entry.token = ++this.tokens;
    entry.availableAt = now + this.settings.ackWaitMs;
    return { record, deliveryCount: entry.count, token: entry.token };
  }

  /** Settled or out of deliveries: never delivered again. The work queue drops it: raw input lives only until handled. */
  private finish(seq: number): void {
    this.pending.delete(seq);
    if (this.stream.kind === 'raw') this.stream.delete(seq);
  }
}
