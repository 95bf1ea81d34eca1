import type { EventEnvelope, StoredEvent, StreamKind } from '@mnemo/contracts';
import type {
  AppendResult,
  BatchHandler,
  ConsumerSpec,
  DeadLetter,
  DeadLetterId,
  EventLog,
  ReplyHandler,
  RequestOptions,
  StoredDeadLetter,
  Subscription,
} from './event-log.port';

/**
 * The record of every event id a stream has accepted, kept for good: the log's own duplicate detection
 * (JetStream's Nats-Msg-Id) forgets an id after its window, this record never does.
 */
export interface AcceptedEventIds {
  /**
   * Records the ids `stream` has not accepted yet and calls `append` with them, in one step: a second
   * caller with one of those ids waits until the first has appended and recorded it (then it is known) or
   * failed (then the id is still free and this caller appends it). Answers the sequences of the ids that
   * were accepted before.
   */
  admit(stream: StreamKind, ids: readonly string[], append: (fresh: readonly string[]) => Promise<ReadonlyMap<string, number>>): Promise<ReadonlyMap<string, number>>;
}

/**
 * An EventLog whose appends ask the accepted-id record first: an id accepted once is a duplicate
 * forever, at the gateway (HTTP, gRPC), from the transcript loop and in the redaction step, long after
 * the log's own duplicate window. The window stays the first line; this is the one that never closes.
 */
export class IdempotentEventLog implements EventLog {
  constructor(
    private readonly inner: EventLog,
    private readonly record: AcceptedEventIds,
  ) {}

  async append(stream: StreamKind, event: EventEnvelope): Promise<AppendResult> {
    const [result] = await this.appendMany(stream, [event]);
    return result;
  }

  async appendMany(stream: StreamKind, events: EventEnvelope[]): Promise<AppendResult[]> {
    if (events.length === 0) return [];
    const firsts = new Map<string, EventEnvelope>();
    for (const event of events) if (!firsts.has(event.id)) firsts.set(event.id, event);
    const appended = new Map<string, AppendResult>();
    const known = await this.record.admit(stream, [...firsts.keys()], async (fresh) => {
      const batch = fresh.map((id) => firsts.get(id)!);
      const results = await this.inner.appendMany(stream, batch);
      batch.forEach((event, i) => appended.set(event.id, results[i]));
      return new Map(batch.map((event, i) => [event.id, results[i].seq]));
    });
    const seen = new Set<string>();
    return events.map((event) => {
      const first = !seen.has(event.id);
      seen.add(event.id);
      const knownSeq = known.get(event.id);
      if (knownSeq !== undefined) return { seq: knownSeq, duplicate: true };
      const result = appended.get(event.id)!;
      return first ? result : { seq: result.seq, duplicate: true };
    });
  }

  ensureStreams(): Promise<void> {
    return this.inner.ensureStreams();
  }
  consume(spec: ConsumerSpec, handler: BatchHandler): Promise<Subscription> {
    return this.inner.consume(spec, handler);
  }
  read(stream: StreamKind, fromSeq: number, batchSize?: number): AsyncIterable<StoredEvent[]> {
    return this.inner.read(stream, fromSeq, batchSize);
  }
  lastSeq(stream: StreamKind): Promise<number> {
    return this.inner.lastSeq(stream);
  }
  pending(stream: StreamKind, durable: string): Promise<number> {
    return this.inner.pending(stream, durable);
  }
  publishDeadLetter(service: string, letter: DeadLetter): Promise<void> {
    return this.inner.publishDeadLetter(service, letter);
  }
  listDeadLetters(service?: string): Promise<StoredDeadLetter[]> {
    return this.inner.listDeadLetters(service);
  }
  takeDeadLetter(id: DeadLetterId): Promise<StoredDeadLetter | null> {
    return this.inner.takeDeadLetter(id);
  }
  request(subject: string, body: unknown, options: RequestOptions): Promise<unknown> {
    return this.inner.request(subject, body, options);
  }
  reply(subject: string, queue: string, handler: ReplyHandler): Promise<Subscription> {
    return this.inner.reply(subject, queue, handler);
  }
  ping(): Promise<void> {
    return this.inner.ping();
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
