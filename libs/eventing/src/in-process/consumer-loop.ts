import type { BatchHandler, Delivery, Subscription } from '../event-log.port';
import type { Claim, DurableConsumer } from './durable-consumer';
import type { Signal } from './signal';

export interface ConsumerLoopOptions {
  durable: DurableConsumer;
  batchSize: number;
  handler: BatchHandler;
  /** Notified on appends to the stream and on settles that make something deliverable. */
  signal: Signal;
  /** Called after every settle, so the owner can persist the consumer's state. */
  onSettle: () => void;
  onHandlerError: (error: unknown) => void;
}

/**
 * One consume() call: claims batches from the shared durable and hands them to the handler, one batch at a time.
 * Several loops on one durable split its messages, because a claim takes them out of the shared state synchronously.
 */
export class ConsumerLoop implements Subscription {
  private stopped = false;
  private readonly running: Promise<void>;

  constructor(private readonly options: ConsumerLoopOptions) {
    this.running = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.options.signal.notify();
    await this.running;
  }

  private async run(): Promise<void> {
    const { durable, batchSize, handler, signal } = this.options;
    // Start on a later tick, so consume() returns before the first batch is handed over.
    await new Promise((resolve) => setImmediate(resolve));
    while (!this.stopped) {
      const claims = durable.claim(batchSize, Date.now());
      if (claims.length === 0) {
        const due = durable.nextDueAt();
        await signal.wait(due === undefined ? undefined : due - Date.now() + 1);
        continue;
      }
      try {
        await handler(claims.map((claim) => this.delivery(claim)));
      } catch (error) {
        // Unsettled deliveries of a failed batch come back after ack wait, as they would from JetStream.
        this.options.onHandlerError(error);
      }
      // Yield to timers and I/O between batches, so a busy backlog cannot starve the process.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private delivery(claim: Claim): Delivery {
    const { durable, signal, onSettle } = this.options;
    let settled = false;
    const settleOnce = (settle: () => void) => {
      if (settled) return;
      settled = true;
      settle();
      onSettle();
    };
    const seq = claim.record.seq;
    return {
      stored: { seq, event: structuredClone(claim.record.event) },
      deliveryCount: claim.deliveryCount,
      ack: async () => settleOnce(() => durable.ack(seq)),
      nak: (delayMs: number) =>
        settleOnce(() => {
          durable.nak(seq, claim.token, delayMs, Date.now());
          signal.notify();
        }),
      term: () => settleOnce(() => durable.term(seq)),
      working: () => {
        if (!settled) durable.working(seq, claim.token, Date.now());
      },
      orderKey: durable.settings.orderKey?.(claim.record),
    };
  }
}
