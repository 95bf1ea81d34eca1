import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  DependencyError,
  rawOrderKey,
  subjectToken,
  ValidationError,
  type EventEnvelope,
  type StoredEvent,
  type StreamKind,
} from '@mnemo/contracts';
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
} from '../event-log.port';
import { deadLetterKey } from '../event-log.port';
import { ConsumerLoop } from './consumer-loop';
import { DurableConsumer, type DurableSnapshot } from './durable-consumer';
import { JsonlAppender, readJsonLines, writeFileAtomic } from './jsonl-file';
import { RpcHub } from './rpc-hub';
import { Signal } from './signal';
import { StreamStore, type StoredRecord } from './stream-store';
import { oneAnswer } from '../answers';

export interface InProcessEventLogOptions {
  /** Folder for the stream files and consumer state; null keeps everything in memory (tests). */
  dataDir: string | null;
  /** Told when a batch handler throws; the batch's unsettled deliveries come back after ack wait. */
  onHandlerError?: (error: unknown, durable: string) => void;
}

type ConsumerState = Record<StreamKind, Record<string, DurableSnapshot>>;

const STREAM_KINDS: readonly StreamKind[] = ['events', 'raw'];
/** Acks are batched into one state write; a crash in between only means redelivery, which handlers tolerate. */
const STATE_SAVE_DELAY_MS = 50;
const DEFAULT_READ_BATCH = 256;

/**
 * The embedded EventLog: the JetStream adapter's semantics (sequences, dedup by id, durable shared consumers,
 * ack/nak/term with redelivery, a work-queue raw stream, dead letters, queue-grouped request/reply) in one process,
 * kept in JSON-lines files under dataDir.
 */
export class InProcessEventLog implements EventLog {
  private readonly streams: Record<StreamKind, StreamStore>;
  private readonly signals: Record<StreamKind, Signal> = {
    events: new Signal(),
    raw: new Signal(),
  };
  private readonly durables: Record<StreamKind, Map<string, DurableConsumer>> = {
    events: new Map(),
    raw: new Map(),
  };
  private readonly subscriptions = new Set<Subscription>();
  private readonly rpc = new RpcHub();
  /** Dead letters by id, in the order they died; the file holds letters and the ids taken since. */
  private readonly deadLetters = new Map<DeadLetterId, DeadLetter>();
  private lastDeadLetterId = 0;
  /** Every letter ever kept, taken or not: one written again is not kept twice. */
  private readonly deadLetterKeys = new Set<string>();
  private readonly deadLetterFile: JsonlAppender | null = null;
  private readonly stateFile: string | null = null;
  private stateTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: InProcessEventLogOptions) {
    const dir = options.dataDir;
    if (dir !== null) fs.mkdirSync(dir, { recursive: true });
    const file = (name: string) => (dir === null ? null : { path: path.join(dir, name) });
    this.streams = {
      events: new StreamStore('events', file('events.jsonl')),
      raw: new StreamStore('raw', file('raw.jsonl')),
    };
    if (dir === null) return;
    const letters = path.join(dir, 'dead-letters.jsonl');
    for (const line of readJsonLines(letters) as Array<DeadLetter | { taken: DeadLetterId }>) {
      if ('taken' in line) this.deadLetters.delete(line.taken);
      else this.keepDeadLetter(line);
    }
    this.deadLetterFile = new JsonlAppender(letters);
    this.stateFile = path.join(dir, 'consumers.json');
    this.restoreConsumers(this.stateFile);
  }

  async ensureStreams(): Promise<void> {
    this.assertOpen();
  }

  async append(stream: StreamKind, event: EventEnvelope): Promise<AppendResult> {
    return oneAnswer(await this.appendMany(stream, [event]), 'append');
  }

  async appendMany(stream: StreamKind, events: EventEnvelope[]): Promise<AppendResult[]> {
    this.assertOpen();
    for (const event of events) assertSubjectSafe(event);
    const results = this.streams[stream].append(events);
    if (results.some((r) => !r.duplicate)) this.signals[stream].notify();
    return results;
  }

  async consume(spec: ConsumerSpec, handler: BatchHandler): Promise<Subscription> {
    this.assertOpen();
    assertConsumerSpec(spec);
    const settings = {
      filterSubject: spec.filterSubject,
      maxDeliver: spec.maxDeliver,
      ackWaitMs: spec.ackWaitMs,
      ...(spec.stream === 'raw'
        ? { orderKey: (record: StoredRecord) => rawOrderKey(record.event) }
        : {}),
    };
    let durable = this.durables[spec.stream].get(spec.durable);
    if (durable) durable.settings = settings;
    else {
      durable = new DurableConsumer(spec.durable, this.streams[spec.stream], settings);
      this.durables[spec.stream].set(spec.durable, durable);
    }
    this.scheduleStateSave();
    const onHandlerError = this.options.onHandlerError ?? warnHandlerFailed;
    const loop = new ConsumerLoop({
      durable,
      batchSize: spec.batchSize,
      handler,
      signal: this.signals[spec.stream],
      onSettle: () => this.scheduleStateSave(),
      onHandlerError: (error) => onHandlerError(error, spec.durable),
    });
    return this.track(loop);
  }

  async *read(
    stream: StreamKind,
    fromSeq: number,
    batchSize = DEFAULT_READ_BATCH,
  ): AsyncIterable<StoredEvent[]> {
    this.assertOpen();
    const store = this.streams[stream];
    let batch: StoredEvent[] = [];
    for (const record of store.range(fromSeq, store.lastSeq)) {
      batch.push({ seq: record.seq, event: structuredClone(record.event) });
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  async lastSeq(stream: StreamKind): Promise<number> {
    this.assertOpen();
    return this.streams[stream].lastSeq;
  }

  async pending(stream: StreamKind, durable: string): Promise<number> {
    this.assertOpen();
    const consumer = this.durables[stream].get(durable);
    if (!consumer) throw new Error(`no durable consumer "${durable}" on the ${stream} stream`);
    return consumer.pendingCount();
  }

  async settledThrough(stream: StreamKind, durable: string): Promise<number> {
    this.assertOpen();
    return this.durables[stream].get(durable)?.settledThrough() ?? 0;
  }

  async publishDeadLetter(service: string, letter: DeadLetter): Promise<void> {
    this.assertOpen();
    const stored = JSON.parse(JSON.stringify({ ...letter, service })) as DeadLetter;
    // a letter written again (its pack redelivered for another event) is the same letter
    if (this.deadLetterKeys.has(deadLetterKey(stored))) return;
    this.keepDeadLetter(stored);
    this.deadLetterFile?.append([stored]);
  }

  async listDeadLetters(service?: string): Promise<StoredDeadLetter[]> {
    this.assertOpen();
    const all = [...this.deadLetters].map(([id, letter]) => ({
      id,
      letter: structuredClone(letter),
    }));
    return service === undefined ? all : all.filter((stored) => stored.letter.service === service);
  }

  async takeDeadLetter(id: DeadLetterId): Promise<StoredDeadLetter | null> {
    this.assertOpen();
    const letter = this.deadLetters.get(id);
    if (!letter) return null;
    this.deadLetters.delete(id);
    this.deadLetterFile?.append([{ taken: id }]);
    return { id, letter };
  }

  async request(subject: string, body: unknown, options: RequestOptions): Promise<unknown> {
    this.assertOpen();
    return this.rpc.request(subject, body, options.timeoutMs);
  }

  async reply(subject: string, queue: string, handler: ReplyHandler): Promise<Subscription> {
    this.assertOpen();
    return this.track(this.rpc.register(subject, queue, handler));
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    this.saveState();
    for (const kind of STREAM_KINDS) this.streams[kind].close();
    this.deadLetterFile?.close();
  }

  private track(subscription: Subscription): Subscription {
    this.subscriptions.add(subscription);
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
        this.scheduleStateSave();
      },
    };
  }

  private keepDeadLetter(letter: DeadLetter): void {
    this.deadLetterKeys.add(deadLetterKey(letter));
    this.lastDeadLetterId += 1;
    this.deadLetters.set(this.lastDeadLetterId, letter);
  }

  private restoreConsumers(file: string): void {
    if (!fs.existsSync(file)) return;
    const state = JSON.parse(fs.readFileSync(file, 'utf8')) as ConsumerState;
    for (const kind of STREAM_KINDS) {
      for (const [name, snapshot] of Object.entries(state[kind] ?? {})) {
        this.durables[kind].set(name, DurableConsumer.restore(name, this.streams[kind], snapshot));
      }
    }
  }

  private scheduleStateSave(): void {
    if (this.stateFile === null || this.closed) return;
    this.stateTimer ??= setTimeout(() => this.saveState(), STATE_SAVE_DELAY_MS).unref();
  }

  private saveState(): void {
    clearTimeout(this.stateTimer);
    this.stateTimer = undefined;
    if (this.stateFile === null) return;
    const state: ConsumerState = { events: {}, raw: {} };
    for (const kind of STREAM_KINDS) {
      for (const [name, durable] of this.durables[kind]) state[kind][name] = durable.snapshot();
    }
    writeFileAtomic(this.stateFile, JSON.stringify(state));
  }

  private assertOpen(): void {
    if (this.closed) throw new DependencyError('event log', 'the in-process event log is closed');
  }
}

function assertSubjectSafe(event: EventEnvelope): void {
  for (const [field, value] of [
    ['accountId', event.accountId],
    ['type', event.type],
  ] as const) {
    if (!subjectToken.safeParse(value).success) {
      throw new ValidationError(`event ${event.id}: ${field} "${value}" cannot be a subject token`);
    }
  }
}

function assertConsumerSpec(spec: ConsumerSpec): void {
  const positive = (n: number) => Number.isFinite(n) && n > 0;
  if (
    !positive(spec.batchSize) ||
    !positive(spec.maxDeliver) ||
    !positive(spec.ackWaitMs) ||
    spec.filterSubject === ''
  ) {
    throw new ValidationError(
      `consumer "${spec.durable}": batchSize, maxDeliver and ackWaitMs must be positive and filterSubject set`,
    );
  }
}

function warnHandlerFailed(error: unknown, durable: string): void {
  const message = error instanceof Error ? error.message : String(error);
  process.emitWarning(
    `consumer "${durable}": batch handler threw, its unsettled deliveries will be redelivered: ${message}`,
  );
}
