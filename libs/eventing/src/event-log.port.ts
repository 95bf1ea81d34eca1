import type { EventEnvelope, StoredEvent, StreamKind } from '@mnemo/contracts';

export const EVENT_LOG = 'EVENT_LOG';

export interface AppendResult {
  seq: number;
  /** The log already held an event with this id (inside its duplicate window); nothing was stored. */
  duplicate: boolean;
}

/** How a consumer's deliveries are settled: the runtime calls exactly one of these per delivery. */
export interface Delivery {
  readonly stored: StoredEvent;
  /** 1 on first delivery. */
  readonly deliveryCount: number;
  ack(): Promise<void>;
  nak(delayMs: number): void;
  term(): void;
  /** Still being handled: restarts the ack-wait clock, so a long handler is not redelivered to another. */
  working(): void;
  /**
   * Raw input only: deliveries with one key (one session, docs/event-log.md) must be handled in the order
   * given; once one of them asks for a retry, the later ones of its key are not handled but retried too.
   */
  readonly orderKey?: string;
}

export interface ConsumerSpec {
  stream: StreamKind;
  /** Durable name: all instances that open the same name share (split) its deliveries. */
  durable: string;
  /** One subject filter (NATS 2.9 allows one), e.g. `mnemo.events.*.TurnRecorded` or `mnemo.raw.>`. */
  filterSubject: string;
  /** Deliveries before a message is dead-lettered. */
  maxDeliver: number;
  /** How long a delivery may stay unsettled before it is redelivered. */
  ackWaitMs: number;
  /** Upper bound of deliveries handed over in one batch. */
  batchSize: number;
}

export type BatchHandler = (deliveries: Delivery[]) => Promise<void>;

export interface Subscription {
  /** Stops taking new deliveries and waits for the batch in hand to settle. */
  stop(): Promise<void>;
}

export interface RequestOptions {
  timeoutMs: number;
}

export type ReplyHandler = (request: unknown) => Promise<unknown>;

/**
 * The event log port. Two adapters honour it: NATS JetStream and an in-process log kept in a file;
 * one contract suite runs against both.
 */
export interface EventLog {
  /** Creates or updates the streams (MNEMO_EVENTS kept, MNEMO_RAW work queue, MNEMO_DLQ). */
  ensureStreams(): Promise<void>;
  append(stream: StreamKind, event: EventEnvelope): Promise<AppendResult>;
  /** Appends in order, pipelined; one result per event. */
  appendMany(stream: StreamKind, events: EventEnvelope[]): Promise<AppendResult[]>;
  consume(spec: ConsumerSpec, handler: BatchHandler): Promise<Subscription>;
  /** Reads a stream from a sequence up to its end at the time of the call (replay); no durable state. */
  read(stream: StreamKind, fromSeq: number, batchSize?: number): AsyncIterable<StoredEvent[]>;
  /** The sequence of the last message stored in the stream (0 when empty). */
  lastSeq(stream: StreamKind): Promise<number>;
  /**
   * Pending (undelivered + unacked) events of a durable consumer, for lag metrics and tests: events, not
   * messages (a raw pack counts each event it holds). On the raw
   * stream a consumer hands out a session's events in the order they were appended, one session's
   * unsettled delivery holding back its later ones, whichever instance holds it (docs/event-log.md).
   */
  pending(stream: StreamKind, durable: string): Promise<number>;
  /**
   * The stream sequence through which a durable consumer has settled (acked or ended) every message it
   * reads, whichever instance held it: its ack floor, or the stream's end when nothing of it is pending.
   * Sequences of messages it does not read count as settled; a message waiting for its redelivery does
   * not. 0 when the consumer does not exist (yet). What a projection's checkpoint is made of.
   */
  settledThrough(stream: StreamKind, durable: string): Promise<number>;
  publishDeadLetter(service: string, letter: DeadLetter): Promise<void>;
  /** The dead letters kept, oldest first: one service's, or every service's. */
  listDeadLetters(service?: string): Promise<StoredDeadLetter[]>;
  /**
   * Removes a dead letter and answers it, or null when there is none by that id (never was, or taken
   * already): of two callers taking the same letter, one gets it.
   */
  takeDeadLetter(id: DeadLetterId): Promise<StoredDeadLetter | null>;
  request(subject: string, body: unknown, options: RequestOptions): Promise<unknown>;
  /**
   * Answers requests on a subject; instances that share a queue group split them. Resolves once the
   * server has the subscription, so a request sent after it finds this responder.
   */
  reply(subject: string, queue: string, handler: ReplyHandler): Promise<Subscription>;
  /** Health: throws when the log cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DeadLetter {
  service: string;
  /** The durable consumer whose handler failed: a replay hands the event back to it. */
  consumer?: string;
  stream: StreamKind;
  seq: number;
  deliveryCount: number;
  error: { code: string; message: string };
  event: EventEnvelope;
  deadAt: string;
  /** Set when a re-drive failed again: the letter it was taken from. */
  redriveOf?: DeadLetterId;
}

/**
 * What makes a dead letter one: the event, where its consumer met it, and the re-drive it failed in. A
 * pack redelivered for another of its events meets a dead event again; its second letter is the same
 * letter and is kept once.
 */
export const deadLetterKey = (letter: DeadLetter): string =>
  [
    letter.consumer ?? letter.service,
    letter.stream,
    letter.seq,
    letter.event.accountId,
    letter.event.id,
    letter.redriveOf ?? 0,
  ].join('/');

/** A dead letter's place in the dead-letter store (the MNEMO_DLQ stream sequence on JetStream). */
export type DeadLetterId = number;

export interface StoredDeadLetter {
  id: DeadLetterId;
  letter: DeadLetter;
}

/** Nobody listens on a request's subject: the service is not running (unlike a timeout, where it may have acted). */
export class NoResponderError extends Error {
  constructor(readonly subject: string) {
    super(`no responders for ${subject}`);
  }
}

export class RemoteError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}
