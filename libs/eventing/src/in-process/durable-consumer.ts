import { subjectMatches } from '../subject-matches';
import type { StoredRecord, StreamStore } from './stream-store';

export interface DurableSettings {
  filterSubject: string;
  maxDeliver: number;
  ackWaitMs: number;
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

  /** Takes up to `max` deliveries: due redeliveries first, then new messages, each in sequence order. */
  claim(max: number, now: number): Claim[] {
    const claims: Claim[] = [];
    const due = [...this.pending]
      .filter(([, p]) => p.availableAt <= now)
      .sort((a, b) => a[0] - b[0]);
    for (const [seq, entry] of due) {
      if (claims.length >= max) break;
      const record = this.stream.get(seq);
      if (!record) this.pending.delete(seq);
      else if (entry.count >= this.settings.maxDeliver) this.finish(seq);
      else claims.push(this.deliver(record, entry, now));
    }
    while (claims.length < max && this.nextSeq <= this.stream.lastSeq) {
      const record = this.stream.get(this.nextSeq++);
      if (!record || !subjectMatches(this.settings.filterSubject, record.subject)) continue;
      const entry: Pending = { count: 0, availableAt: 0, token: 0 };
      this.pending.set(record.seq, entry);
      claims.push(this.deliver(record, entry, now));
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

  /** Matching messages not yet settled: unsettled deliveries plus those not delivered yet. */
  pendingCount(): number {
    let count = 0;
    for (const seq of this.pending.keys()) if (this.stream.get(seq)) count++;
    for (const record of this.stream.range(this.nextSeq)) {
      if (subjectMatches(this.settings.filterSubject, record.subject)) count++;
    }
    return count;
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
