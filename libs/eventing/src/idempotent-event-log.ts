import type { EventEnvelope, StreamKind } from '@mnemo/contracts';
import type { AppendResult, EventLog } from './event-log.port';
import { DelegatingEventLog } from './delegating-event-log';

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
export class IdempotentEventLog extends DelegatingEventLog {
  /** Single appends waiting for this turn of the event loop to end, per stream. */
  private readonly waiting = new Map<StreamKind, Array<{ event: EventEnvelope; settle: (result: AppendResult | Error) => void }>>();

  constructor(
    inner: EventLog,
    private readonly record: AcceptedEventIds,
  ) {
    super(inner);
  }

  /**
   * Single appends made in the same turn of the event loop (a consumer's batch, each message handled
   * on its own) go to the record and the log together, as one appendMany: one transaction and one
   * pipelined publish for all of them instead of one each (issue 17: that was most of the redaction
   * step's time). Each caller still gets its own event's answer; if the shared step fails, every one of
   * them gets the error and nothing of theirs was recorded.
   */
  override append(stream: StreamKind, event: EventEnvelope): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      let queue = this.waiting.get(stream);
      if (!queue) {
        queue = [];
        this.waiting.set(stream, queue);
        setImmediate(() => this.flush(stream));
      }
      queue.push({ event, settle: (result) => (result instanceof Error ? reject(result) : resolve(result)) });
    });
  }

  private flush(stream: StreamKind): void {
    const queue = this.waiting.get(stream) ?? [];
    this.waiting.delete(stream);
    this.appendMany(
      stream,
      queue.map((entry) => entry.event),
    ).then(
      (results) => queue.forEach((entry, i) => entry.settle(results[i])),
      (error: unknown) => queue.forEach((entry) => entry.settle(error instanceof Error ? error : new Error(String(error)))),
    );
  }

  override async appendMany(stream: StreamKind, events: EventEnvelope[]): Promise<AppendResult[]> {
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
}
