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

/** An EventLog that hands every call to the log it wraps: a decorator overrides only what it changes. */
export abstract class DelegatingEventLog implements EventLog {
  constructor(protected readonly inner: EventLog) {}

  ensureStreams(): Promise<void> {
    return this.inner.ensureStreams();
  }
  append(stream: StreamKind, event: EventEnvelope): Promise<AppendResult> {
    return this.inner.append(stream, event);
  }
  appendMany(stream: StreamKind, events: EventEnvelope[]): Promise<AppendResult[]> {
    return this.inner.appendMany(stream, events);
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
  settledThrough(stream: StreamKind, durable: string): Promise<number> {
    return this.inner.settledThrough(stream, durable);
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
