import { connect } from '@nats-io/transport-node';
import {
  RequestError,
  type NatsConnection,
  type Subscription as NatsSubscription,
} from '@nats-io/nats-core';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type ConsumerInfo,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type StreamConfig,
} from '@nats-io/jetstream';
import {
  accountEventKey,
  DependencyError,
  rawPartition,
  subjects,
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
  Delivery,
  EventLog,
  ReplyHandler,
  RequestOptions,
  StoredDeadLetter,
  Subscription,
} from '../event-log.port';
import { deadLetterKey, NoResponderError } from '../event-log.port';
import { RpcHub } from '../in-process/rpc-hub';
import { MicroBatcher } from './micro-batcher';
import { notAnswering, whileStarting } from './patience';
import { PulledReader } from './pulled-reader';
import { PACK_MAX_BYTES, packRawEvents, unpackRaw } from './raw-packs';
import {
  consumeRawPartitions,
  ensureConsumer,
  isNotFound,
  partitionDurable,
  rawPartitions,
} from './partitioned-raw-consumer';
import './settled-request-cancel';
import { decodeReply, encodeReply } from '../rpc-envelope';
import { answerAt, oneAnswer } from '../answers';

export interface JetStreamEventLogOptions {
  /** One server, or the nodes of a cluster: the client reconnects to another when its server goes away. */
  servers: string | string[];
  /** Stream names are `<streamPrefix>_EVENTS|_RAW|_DLQ`; tests use a random prefix so they never share data. */
  streamPrefix?: string;
  /** Subjects are `<subjectPrefix>.events.…`; the port speaks `mnemo.…` and this adapter rewrites the first token. */
  subjectPrefix?: string;
  /** How long the server remembers a message id for duplicate detection. */
  duplicateWindowMs?: number;
  /** Copies of each stream the cluster keeps (num_replicas); 1 on a single server. */
  replicas?: number;
  name?: string;
}

const NS_PER_MS = 1_000_000;
/** How long a read's consumer outlives its last pull. */
const READ_IDLE_MS = 10 * 60_000;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Raw messages read at once when pending('raw') counts the events of the packs held. */
const RAW_COUNT_READS = 64;

export class JetStreamEventLog implements EventLog {
  /** This process's responders, which its own requests ask without the network (see request). */
  private readonly local = new RpcHub();

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: Required<Omit<JetStreamEventLogOptions, 'name'>>,
  ) {}

  static async connect(options: JetStreamEventLogOptions): Promise<JetStreamEventLog> {
    // noAsyncTraces: the client would otherwise build an Error (a stack trace) for every publish and
    // request, in case it times out; that was an eighth of the ingest pipeline's CPU.
    const nc = await connect({
      servers: options.servers,
      name: options.name ?? 'mnemo',
      maxReconnectAttempts: -1,
      noAsyncTraces: true,
    });
    const jsm = await whileStarting(() => jetstreamManager(nc));
    return new JetStreamEventLog(nc, jetstream(nc), jsm, {
      servers: options.servers,
      streamPrefix: options.streamPrefix ?? 'MNEMO',
      subjectPrefix: options.subjectPrefix ?? 'mnemo',
      duplicateWindowMs: options.duplicateWindowMs ?? 24 * 60 * 60 * 1000,
      replicas: options.replicas ?? 1,
    });
  }

  private streamName(kind: StreamKind | 'dlq'): string {
    return `${this.options.streamPrefix}_${kind.toUpperCase()}`;
  }

  /** The port speaks `mnemo.<rest>`; on the wire the first token is this instance's subject prefix. */
  private wire(subject: string): string {
    return subject.startsWith('mnemo.')
      ? `${this.options.subjectPrefix}.${subject.slice('mnemo.'.length)}`
      : subject;
  }

  async ensureStreams(): Promise<void> {
    const duplicate_window = this.options.duplicateWindowMs * NS_PER_MS;
    const configs: Array<Partial<StreamConfig> & { name: string }> = [
      {
        name: this.streamName('events'),
        subjects: [this.wire('mnemo.events.>')],
        retention: RetentionPolicy.Limits,
        duplicate_window,
      },
      {
        name: this.streamName('raw'),
        subjects: [this.wire('mnemo.raw.>')],
        retention: RetentionPolicy.Workqueue,
        duplicate_window,
      },
      {
        name: this.streamName('dlq'),
        subjects: [this.wire('mnemo.dlq.>')],
        retention: RetentionPolicy.Limits,
        // a letter written again (its pack redelivered for another event) is the same letter
        duplicate_window,
      },
    ];
    for (const config of configs) {
      const full = { storage: StorageType.File, num_replicas: this.options.replicas, ...config };
      // An add that timed out may still have been carried out: the next try finds the stream and updates it.
      await whileStarting(async () => {
        try {
          await this.jsm.streams.info(config.name);
          const { storage: _immutable, retention: _fixed, ...mutable } = full;
          await this.jsm.streams.update(config.name, mutable);
        } catch (error) {
          if (!isNotFound(error)) throw error;
          await this.jsm.streams.add(full);
        }
      });
    }
  }

  async append(stream: StreamKind, event: EventEnvelope): Promise<AppendResult> {
    if (stream === 'raw') return oneAnswer(await this.appendRaw([event]), 'append raw');
    const ack = await this.publish(
      this.eventSubject(stream, event),
      JSON.stringify(event),
      accountEventKey(event),
    );
    return { seq: ack.seq, duplicate: ack.duplicate };
  }

  /** One message onto a stream, known to the server's duplicate window by `msgID`. */
  private publish(subject: string, body: string, msgID: string) {
    return this.js
      .publish(subject, encoder.encode(body), { msgID })
      .catch((error: unknown) => this.unreachable(error));
  }

  /**
   * A publish or a management call that failed because the server cannot be reached (disconnected, no
   * JetStream answering, no ack in time) is a DependencyError naming the log: 503 at the edge, a patient
   * retry on a consumer. Anything else (a refused message, a bad config) keeps its own error.
   */
  private unreachable(error: unknown): never {
    const message = String((error as { message?: string })?.message ?? error);
    if (!notAnswering(error) && !this.nc.isClosed()) throw error;
    throw new DependencyError(
      'log',
      `NATS JetStream did not answer (${message}); ${this.nc.isClosed() ? 'the connection is closed' : 'the client is reconnecting'}`,
      { cause: error },
    );
  }

  async appendMany(stream: StreamKind, events: EventEnvelope[]): Promise<AppendResult[]> {
    if (stream === 'raw') return this.appendRaw(events);
    // Publishes are pipelined: all go out before the first ack is awaited.
    return Promise.all(events.map((event) => this.append(stream, event)));
  }

  /**
   * Raw input goes out in packs (raw-packs.ts), one chain per subject: a subject's next pack is published
   * once the one before is stored, so a failed publish never leaves a later pack of a session stored
   * ahead of an earlier one; subjects go side by side. Each event answers with its pack's sequence.
   */
  private async appendRaw(
    events: readonly EventEnvelope[],
    messageIdOf: (event: EventEnvelope) => string = accountEventKey,
  ): Promise<AppendResult[]> {
    const maxBytes = Math.min(PACK_MAX_BYTES, (this.nc.info?.max_payload ?? PACK_MAX_BYTES) - 4096);
    const packs = packRawEvents(
      events,
      (event) => this.eventSubject('raw', event),
      maxBytes,
      messageIdOf,
    );
    const chains = new Map<string, Promise<unknown>>();
    const acks = packs.map((pack) => {
      const ack = (chains.get(pack.subject) ?? Promise.resolve()).then(() =>
        this.publish(pack.subject, pack.body, pack.msgID),
      );
      chains.set(pack.subject, ack);
      return ack;
    });
    const results = new Map<EventEnvelope, AppendResult>();
    const settled = await Promise.all(acks);
    packs.forEach((pack, i) => {
      const { seq, duplicate } = answerAt(settled, i, 'publish');
      for (const event of pack.events) results.set(event, { seq, duplicate });
    });
    return events.map((event) => results.get(event)!);
  }

  private eventSubject(stream: StreamKind, event: EventEnvelope): string {
    return this.wire(
      stream === 'events'
        ? subjects.event(event.accountId, event.type)
        : subjects.raw(rawPartition(event), event.accountId),
    );
  }

  async consume(spec: ConsumerSpec, handler: BatchHandler): Promise<Subscription> {
    if (spec.stream === 'raw')
      return consumeRawPartitions(
        {
          jsm: this.jsm,
          js: this.js,
          stream: this.streamName('raw'),
          wire: (subject) => this.wire(subject),
          republish: async (events, messageIdOf) => {
            await this.appendRaw(events, messageIdOf);
          },
        },
        spec,
        handler,
      );
    const stream = this.streamName(spec.stream);
    await ensureConsumer(this.jsm, stream, {
      durable_name: spec.durable,
      filter_subject: this.wire(spec.filterSubject),
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: spec.ackWaitMs * NS_PER_MS,
      max_deliver: spec.maxDeliver,
      max_ack_pending: Math.max(spec.batchSize * 4, 64),
    });
    const consumer = await whileStarting(() => this.js.consumers.get(stream, spec.durable));
    const messages = await consumer.consume({ max_messages: spec.batchSize * 2 });
    const batcher = new MicroBatcher<Delivery>(spec.batchSize, handler);
    // Pulled messages wait here behind the batch in hand, their ack wait running: without a heartbeat, a
    // slow batch would have them redelivered meanwhile, and two copies of one event handled at once.
    const heartbeat = setInterval(
      () => {
        for (const delivery of batcher.waiting()) delivery.working();
      },
      Math.max(1, Math.floor(spec.ackWaitMs / 3)),
    );
    const pump = (async () => {
      for await (const msg of messages) batcher.push(toDelivery(msg));
    })();
    return {
      stop: async () => {
        await messages.close();
        await pump.catch(() => undefined);
        await batcher.drain();
        clearInterval(heartbeat);
      },
    };
  }

  async *read(stream: StreamKind, fromSeq: number, batchSize = 500): AsyncIterable<StoredEvent[]> {
    const { first_seq: first, last_seq: last } = (
      await this.jsm.streams.info(this.streamName(stream))
    ).state;
    if (last < fromSeq) return;
    if (stream === 'raw') {
      // Acked work-queue messages are gone: nothing below the stream's first sequence is left to ask for.
      yield* this.readWorkQueue(Math.max(fromSeq, first), last, batchSize);
      return;
    }
    const name = this.streamName(stream);
    const consumer = await this.jsm.consumers.add(name, {
      ack_policy: AckPolicy.None,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: Math.max(1, fromSeq),
      mem_storage: true,
      num_replicas: 1,
      // gone by itself if this process dies mid-read; a caller may take minutes over a batch
      inactive_threshold: READ_IDLE_MS * NS_PER_MS,
    });
    const reader = new PulledReader(
      this.nc,
      `$JS.API.CONSUMER.MSG.NEXT.${name}.${consumer.name}`,
      last,
      batchSize,
    );
    try {
      for (let batch = await reader.next(); batch; batch = await reader.next()) yield batch;
    } finally {
      reader.close();
      await this.jsm.consumers.delete(name, consumer.name).catch(() => undefined);
    }
  }

  /** A work-queue stream admits no second consumer, so it is read message by message; acked ones are gone. */
  private async *readWorkQueue(
    fromSeq: number,
    last: number,
    batchSize: number,
  ): AsyncIterable<StoredEvent[]> {
    const stream = this.streamName('raw');
    let batch: StoredEvent[] = [];
    for (let seq = Math.max(1, fromSeq); seq <= last; seq += 1) {
      const msg = await this.jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (msg)
        for (const event of unpackRaw(decoder.decode(msg.data)))
          batch.push({ seq: msg.seq, event });
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }

  async lastSeq(stream: StreamKind): Promise<number> {
    const info = await this.jsm.streams
      .info(this.streamName(stream))
      .catch((error: unknown) => this.unreachable(error));
    return info.state.last_seq;
  }

  async pending(stream: StreamKind, durable: string): Promise<number> {
    const names =
      stream === 'raw' ? rawPartitions().map((p) => partitionDurable(durable, p)) : [durable];
    const infos = await Promise.all(
      names.map((name) =>
        this.jsm.consumers
          .info(this.streamName(stream), name)
          .catch((error: unknown) => this.unreachable(error)),
      ),
    );
    const messages = infos.reduce((sum, info) => sum + info.num_pending + info.num_ack_pending, 0);
    return stream === 'raw' && messages > 0 ? this.rawEventsHeld() : messages;
  }

  /**
   * The events in the packs MNEMO_RAW holds: the server counts a consumer's pending messages, and a
   * raw message is a pack of up to PACK_MAX_EVENTS. A work queue keeps a message only until it is
   * acked, so what the stream holds is what its partitions' consumers have still to settle. Read a
   * message at a time (this server has no batch get), RAW_COUNT_READS at once; only while some are held.
   */
  private async rawEventsHeld(): Promise<number> {
    const name = this.streamName('raw');
    const { state } = await this.jsm.streams
      .info(name)
      .catch((error: unknown) => this.unreachable(error));
    let events = 0;
    for (let from = state.first_seq; from <= state.last_seq; from += RAW_COUNT_READS) {
      const seqs = Array.from(
        { length: Math.min(RAW_COUNT_READS, state.last_seq - from + 1) },
        (_, i) => from + i,
      );
      const messages = await Promise.all(
        seqs.map((seq) =>
          this.jsm.streams
            .getMessage(name, { seq })
            .catch((error: unknown) => this.unreachable(error)),
        ),
      );
      // null: acked (gone) since the stream's state was read
      for (const msg of messages) if (msg) events += unpackRaw(decoder.decode(msg.data)).length;
    }
    return events;
  }

  /**
   * The consumer's ack floor: the server's own accounting of settled messages, exact under redelivery
   * (a message waiting for its retry holds it) and over other subjects' messages (no gap). Past the last
   * message it delivered the floor says nothing, so when nothing is pending the stream's end, read before
   * the consumer, is settled too. One API call while the consumer is busy, three when it is idle.
   */
  async settledThrough(stream: StreamKind, durable: string): Promise<number> {
    if (stream === 'raw') throw new Error('the raw stream is consumed by partitions; no one floor');
    const name = this.streamName(stream);
    const consumer = () =>
      this.jsm.consumers.info(name, durable).catch((error: unknown) => {
        if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.ConsumerNotFound)
          return null;
        return this.unreachable(error);
      });
    const idle = (info: ConsumerInfo) => info.num_pending === 0 && info.num_ack_pending === 0;
    const busy = await consumer();
    if (!busy) return 0;
    if (!idle(busy)) return busy.ack_floor.stream_seq;
    const end = await this.lastSeq(stream);
    const info = await consumer();
    if (!info) return 0;
    return idle(info) ? Math.max(end, info.ack_floor.stream_seq) : info.ack_floor.stream_seq;
  }

  async publishDeadLetter(service: string, letter: DeadLetter): Promise<void> {
    await this.js.publish(
      this.wire(subjects.deadLetter(service)),
      encoder.encode(JSON.stringify(letter)),
      { msgID: deadLetterKey(letter) },
    );
  }

  async listDeadLetters(service?: string): Promise<StoredDeadLetter[]> {
    const stream = this.streamName('dlq');
    const subject = this.wire(service ? subjects.deadLetter(service) : 'mnemo.dlq.>');
    const info = await this.jsm.streams.info(stream, { subjects_filter: subject });
    const count = Object.values(info.state.subjects ?? {}).reduce((sum, n) => sum + n, 0);
    if (count === 0) return [];
    const consumer = await this.js.consumers.get(stream, { filter_subjects: subject });
    const messages = await consumer.consume({ max_messages: 100 });
    const letters: StoredDeadLetter[] = [];
    try {
      for await (const msg of messages) {
        letters.push({ id: msg.seq, letter: JSON.parse(decoder.decode(msg.data)) as DeadLetter });
        if (letters.length >= count || msg.info.pending === 0) break;
      }
    } finally {
      await messages.close();
    }
    return letters;
  }

  async takeDeadLetter(id: DeadLetterId): Promise<StoredDeadLetter | null> {
    const stream = this.streamName('dlq');
    const msg = await this.jsm.streams.getMessage(stream, { seq: id }).catch(() => null);
    if (!msg) return null;
    // The server deletes a sequence once: a second taker is told there is no such message.
    const deleted = await this.jsm.streams.deleteMessage(stream, id, false).catch(() => false);
    if (!deleted) return null;
    return { id, letter: JSON.parse(decoder.decode(msg.data)) as DeadLetter };
  }

  /**
   * A request this process can answer itself is answered here, by the in-process hub with the same queue
   * group turns, JSON round trip and reply envelope as the wire; others go over NATS. Measured with the
   * gateway and context in one process, the way out to the NATS server and back (two wake-ups of each side,
   * the 26 KB reply encoded and decoded again) was a third of a cold CLAUDE.md between handler and answer.
   * A process that serves a subject thus keeps its own requests for it; other processes still share them.
   */
  async request(subject: string, body: unknown, options: RequestOptions): Promise<unknown> {
    if (this.local.answers(subject)) return this.local.request(subject, body, options.timeoutMs);
    let reply;
    try {
      reply = await this.nc.request(this.wire(subject), encoder.encode(JSON.stringify(body)), {
        timeout: options.timeoutMs,
      });
    } catch (error) {
      if (error instanceof RequestError && error.isNoResponders())
        throw new NoResponderError(subject);
      throw error;
    }
    return decodeReply(decoder.decode(reply.data));
  }

  async reply(subject: string, queue: string, handler: ReplyHandler): Promise<Subscription> {
    const sub: NatsSubscription = this.nc.subscribe(this.wire(subject), {
      queue,
      callback: (error, msg) => {
        if (error) return;
        void encodeReply(() => handler(JSON.parse(decoder.decode(msg.data)))).then((text) =>
          msg.respond(encoder.encode(text)),
        );
      },
    });
    const local = this.local.register(subject, queue, handler);
    // a round trip, so the server has the subscription when this resolves: a request sent right after
    // must find this responder, not only the ones registered before it
    await this.nc.flush().catch((error: unknown) => this.unreachable(error));
    return {
      stop: async () => {
        await local.stop();
        await sub.drain();
      },
    };
  }

  async ping(): Promise<void> {
    await this.nc.flush().catch((error: unknown) => this.unreachable(error));
    await this.jsm.getAccountInfo().catch((error: unknown) => this.unreachable(error));
  }

  async close(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain();
  }

  /** Test and operator helper: removes this instance's streams (random-prefixed test streams). */
  async deleteStreams(): Promise<void> {
    for (const kind of ['events', 'raw', 'dlq'] as const) {
      await this.jsm.streams.delete(this.streamName(kind)).catch(() => undefined);
    }
  }
}

function toStored(msg: JsMsg): StoredEvent {
  return { seq: msg.seq, event: JSON.parse(decoder.decode(msg.data)) as EventEnvelope };
}

function toDelivery(msg: JsMsg): Delivery {
  return {
    stored: toStored(msg),
    deliveryCount: msg.info.deliveryCount,
    // A plain ack (no confirmation round trip): a lost ack means a redelivery, which projections absorb.
    ack: async () => msg.ack(),
    nak: (delayMs) => msg.nak(delayMs),
    term: () => msg.term(),
    working: () => msg.working(),
  };
}
