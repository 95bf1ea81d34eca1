import { accountEventKey, type EventEnvelope, type StreamKind } from '@mnemo/contracts';
import type { AppendResult, EventLog } from './event-log.port';
import { DelegatingEventLog } from './delegating-event-log';
import { GroupCommit } from './group-commit';
import { answerAt, oneAnswer } from './answers';

/** Events per shared transaction and publish: twenty requests of 100, or a raw batch and a half. */
const GROUP_MAX_EVENTS = 2000;

/** An event's identity in the accepted-id record: its id within its account (accountEventKey). */
export interface AcceptedKey {
  accountId: string;
  id: string;
  /** The event's type: telemetry is remembered only as long as the log's duplicate window. */
  type?: string;
}

/**
 * The record of every event a stream has accepted, by account and id: the log's own duplicate detection
 * (JetStream's Nats-Msg-Id) forgets a key after its window, this record answers a resend for good (but
 * telemetry, whose ids are the log's window long).
 */
export interface AcceptedEventIds {
  /**
   * Records the keys `stream` has not accepted yet and calls `append` with them, in one step: a second
   * caller with one of those keys waits until the first has appended and recorded it (then it is known)
   * or failed (then the key is still free and this caller appends it). Answers the sequences of the keys
   * that were accepted before, by accountEventKey; `append` answers the fresh ones' likewise.
   */
  admit(
    stream: StreamKind,
    keys: readonly AcceptedKey[],
    append: (fresh: readonly AcceptedKey[]) => Promise<ReadonlyMap<string, number>>,
  ): Promise<ReadonlyMap<string, number>>;
}

/**
 * An EventLog whose appends ask the accepted-id record first: an account's event id accepted once is
 * a duplicate forever, at the gateway (HTTP, gRPC), from the transcript loop and in the redaction step, long after
 * the log's own duplicate window. The window stays the first line; this is the one that never closes.
 */
export class IdempotentEventLog extends DelegatingEventLog {
  private readonly groups = new Map<StreamKind, GroupCommit<EventEnvelope, AppendResult>>();

  constructor(
    inner: EventLog,
    private readonly record: AcceptedEventIds,
  ) {
    super(inner);
  }

  /**
   * Appends made while another is being recorded and published, or in the same turn of the event loop,
   * go to the record and the log together (one transaction, one pipelined publish): the requests a
   * gateway has in hand, the messages of a consumer's batch each handled on its own. Each caller still
   * gets its own events' answers, and all or nothing of its own batch.
   */
  override append(stream: StreamKind, event: EventEnvelope): Promise<AppendResult> {
    return this.group(stream)
      .submit([event])
      .then((results) => oneAnswer(results, 'append'));
  }

  override appendMany(stream: StreamKind, events: EventEnvelope[]): Promise<AppendResult[]> {
    if (events.length === 0) return Promise.resolve([]);
    return this.group(stream).submit(events);
  }

  private group(stream: StreamKind): GroupCommit<EventEnvelope, AppendResult> {
    let group = this.groups.get(stream);
    if (!group) {
      group = new GroupCommit((events) => this.admit(stream, events), GROUP_MAX_EVENTS);
      this.groups.set(stream, group);
    }
    return group;
  }

  private async admit(stream: StreamKind, events: EventEnvelope[]): Promise<AppendResult[]> {
    const firsts = new Map<string, EventEnvelope>();
    for (const event of events) {
      const key = accountEventKey(event);
      if (!firsts.has(key)) firsts.set(key, event);
    }
    const appended = new Map<string, AppendResult>();
    const known = await this.record.admit(stream, [...firsts.values()], async (fresh) => {
      const batch = fresh.map((key) => firsts.get(accountEventKey(key))!);
      const results = await this.inner.appendMany(stream, batch);
      const answered = batch.map((event, i) => ({ event, result: answerAt(results, i, 'append') }));
      answered.forEach(({ event, result }) => appended.set(accountEventKey(event), result));
      return new Map(answered.map(({ event, result }) => [accountEventKey(event), result.seq]));
    });
    const seen = new Set<string>();
    return events.map((event) => {
      const key = accountEventKey(event);
      const first = !seen.has(key);
      seen.add(key);
      const knownSeq = known.get(key);
      if (knownSeq !== undefined) return { seq: knownSeq, duplicate: true };
      const result = appended.get(key)!;
      return first ? result : { seq: result.seq, duplicate: true };
    });
  }
}
