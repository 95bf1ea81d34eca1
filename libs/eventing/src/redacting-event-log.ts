import type { EventEnvelope, StoredEvent, StreamKind } from '@mnemo/contracts';
import { redactDeep, redactEvent } from '@mnemo/redaction';
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
 * The write path of MNEMO_EVENTS and MNEMO_DLQ, redacted: whoever appends (the redaction service, a
 * reactor storing a model's answer, an API storing what a person typed), no secret reaches the durable
 * log. Only MNEMO_RAW, the work queue that holds input until it is redacted, is written as given.
 */
export class RedactingEventLog implements EventLog {
  constructor(
    private readonly inner: EventLog,
    private readonly onRedacted: (event: EventEnvelope, findings: number) => void = () => undefined,
  ) {}

  private clean(stream: StreamKind, event: EventEnvelope): EventEnvelope {
    if (stream === 'raw') return event;
    const { event: redacted, findings } = redactEvent(event);
    if (findings > 0) this.onRedacted(redacted, findings);
    return redacted;
  }

  append(stream: StreamKind, event: EventEnvelope): Promise<AppendResult> {
    return this.inner.append(stream, this.clean(stream, event));
  }

  appendMany(stream: StreamKind, events: EventEnvelope[]): Promise<AppendResult[]> {
    return this.inner.appendMany(stream, events.map((event) => this.clean(stream, event)));
  }

  publishDeadLetter(service: string, letter: DeadLetter): Promise<void> {
    // A dead raw event is still unredacted input, and letters are kept: redact the whole letter.
    return this.inner.publishDeadLetter(service, redactDeep(letter).value);
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
