/**
 * Collects items as they arrive and hands them to `process` in batches of what has piled up
 * (at most `maxBatch`), one batch at a time, so a consumer keeps its order and amortises one
 * database transaction over many events without waiting for a batch to fill.
 */
export class MicroBatcher<T> {
  private queue: T[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly maxBatch: number,
    private readonly process: (batch: T[]) => Promise<void>,
  ) {}

  push(item: T): void {
    this.queue.push(item);
    if (!this.running) this.running = this.run();
  }

  private async run(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      // The handler settles every delivery itself; an error here is a bug in the runtime, kept from killing the loop.
      await this.process(batch).catch(() => undefined);
    }
    this.running = null;
  }

  /** The items waiting behind the batch in hand. */
  waiting(): readonly T[] {
    return this.queue;
  }

  async drain(): Promise<void> {
    while (this.running) await this.running;
  }
}
