/**
 * Joins the batches its callers submit into groups and runs one group at a time, so many concurrent
 * callers share one step (one accepted-id transaction and one pipelined publish for all the
 * requests a gateway has in hand, instead of one each). A batch waits at most for the group before it;
 * the first one after a quiet spell also waits for the end of the current event-loop turn, which lets
 * the single appends a consumer's batch makes one by one go as one.
 *
 * Each caller gets its own slice of the group's answer. When a group of several batches fails, each
 * batch is run again alone, so one caller's bad input (the log refusing a message) fails that caller
 * only; when the step itself is down, every one of them gets its own error.
 */
export class GroupCommit<T, R> {
  private waiting: Array<{
    items: T[];
    resolve: (results: R[]) => void;
    reject: (error: unknown) => void;
  }> = [];
  private running = false;
  private scheduled = false;

  constructor(
    private readonly run: (items: T[]) => Promise<R[]>,
    /** A group stops growing once it holds this many items (a single batch may be larger). */
    private readonly maxItems: number,
  ) {}

  submit(items: T[]): Promise<R[]> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ items, resolve, reject });
      if (!this.running && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          void this.drain();
        });
      }
    });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        let size = 0;
        let take = 0;
        for (const next of this.waiting) {
          if (take > 0 && size + next.items.length > this.maxItems) break;
          size += next.items.length;
          take += 1;
        }
        await this.runGroup(this.waiting.splice(0, take));
      }
    } finally {
      this.running = false;
    }
  }

  private async runGroup(group: GroupCommit<T, R>['waiting']): Promise<void> {
    try {
      const results = await this.run(group.flatMap((entry) => entry.items));
      let at = 0;
      for (const entry of group) {
        entry.resolve(results.slice(at, at + entry.items.length));
        at += entry.items.length;
      }
    } catch (error) {
      const [only] = group;
      if (group.length === 1 && only) return only.reject(error);
      // side by side, as they would have run without the group: an outage costs each one wait, not one after another
      await Promise.all(
        group.map((entry) => this.run(entry.items).then(entry.resolve, entry.reject)),
      );
    }
  }
}
