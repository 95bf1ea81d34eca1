import { createInbox, type Msg, type NatsConnection, type Subscription } from '@nats-io/nats-core';
import type { EventEnvelope, StoredEvent } from '@mnemo/contracts';

/** Full batches kept ahead of the caller at most: a reader never holds much more of the log than this. */
const READ_AHEAD = 2;
/** A pull the server leaves unanswered this long fails the read instead of hanging it. */
const PULL_TIMEOUT_MS = 30_000;

const decoder = new TextDecoder();

/**
 * Reads a stream to `last` through a consumer of its own (no acks), pulled one batch at a time on a plain
 * subscription's callback, and hands the batches out in order. The client's consume() iterator cost a
 * promise and a few objects per message: reading 200,000 events took 1.2 to 2.0 s of this process's CPU
 * that way and 0.9 s this way, and the server's 1.4 to 1.6 s became 1.1 to 1.4 s.
 */
export class PulledReader {
  private readonly ready: StoredEvent[][] = [];
  private filling: StoredEvent[] = [];
  /** Messages the pull in flight may still bring; 0 when none is. */
  private owed = 0;
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly inbox = createInbox();
  private readonly sub: Subscription;

  constructor(
    private readonly nc: NatsConnection,
    /** `$JS.API.CONSUMER.MSG.NEXT.<stream>.<consumer>` */
    private readonly nextSubject: string,
    private readonly last: number,
    private readonly batchSize: number,
  ) {
    this.sub = nc.subscribe(this.inbox, { callback: (error, msg) => this.receive(error, msg) });
    this.pull();
  }

  /** The next batch in log order, or null after the last. */
  async next(): Promise<StoredEvent[] | null> {
    for (;;) {
      if (this.failure) throw this.failure;
      const batch = this.ready.shift();
      if (batch) {
        if (this.owed === 0 && !this.ended) this.pull();
        return batch;
      }
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  close(): void {
    clearTimeout(this.timer);
    this.sub.unsubscribe();
  }

  private pull(): void {
    this.owed = this.batchSize;
    this.nc.publish(this.nextSubject, JSON.stringify({ batch: this.batchSize, no_wait: true }), {
      reply: this.inbox,
    });
    clearTimeout(this.timer);
    this.timer = setTimeout(
      () =>
        this.fail(new Error(`no answer to a pull in ${PULL_TIMEOUT_MS} ms (${this.nextSubject})`)),
      PULL_TIMEOUT_MS,
    );
  }

  private receive(error: Error | null, msg: Msg): void {
    if (this.ended || this.failure) return;
    if (error) return this.fail(error);
    if (!msg.reply) {
      // A status ends the pull: 404 or 408 when the consumer has nothing more (the end was deleted).
      const code = msg.headers?.code;
      if (code === 404 || code === 408) return this.end();
      return this.fail(
        new Error(
          `pull from ${this.nextSubject} answered ${code} ${msg.headers?.description ?? ''}`,
        ),
      );
    }
    try {
      const seq = streamSequence(msg.reply);
      this.filling.push({ seq, event: JSON.parse(decoder.decode(msg.data)) as EventEnvelope });
      if (seq >= this.last) return this.end();
    } catch (cause) {
      return this.fail(cause instanceof Error ? cause : new Error(String(cause)));
    }
    if (this.filling.length >= this.batchSize) {
      this.ready.push(this.filling);
      this.filling = [];
      this.wake?.();
    }
    this.owed -= 1;
    if (this.owed === 0) {
      clearTimeout(this.timer);
      if (this.ready.length < READ_AHEAD) this.pull();
    }
  }

  private end(): void {
    clearTimeout(this.timer);
    if (this.filling.length) this.ready.push(this.filling);
    this.filling = [];
    this.ended = true;
    this.wake?.();
  }

  private fail(error: Error): void {
    clearTimeout(this.timer);
    this.failure = error;
    this.wake?.();
  }
}

const dots = new Int32Array(12);

/**
 * The stream sequence from a delivery's ack subject: `$JS.ACK.<stream>.<consumer>.<delivered>.<sseq>.…`
 * (9 tokens), or with `<domain>.<account hash>` after ACK (11 or more), as the client's own parseInfo reads
 * it; found by its dots, without the split's nine strings (a quarter of the CPU, once per event).
 */
export function streamSequence(reply: string): number {
  let count = 0;
  for (let i = reply.indexOf('.'); i !== -1 && count < dots.length; i = reply.indexOf('.', i + 1))
    dots[count++] = i;
  const tokens = count + 1;
  if (!reply.startsWith('$JS.ACK.') || (tokens !== 9 && tokens < 11))
    throw new Error(`not a JetStream delivery: ${reply}`);
  const token = tokens === 9 ? 5 : 7;
  const before = dots[token - 1];
  const after = dots[token];
  if (before === undefined || after === undefined)
    throw new Error(`not a JetStream delivery: ${reply}`);
  return Number(reply.slice(before + 1, after));
}
