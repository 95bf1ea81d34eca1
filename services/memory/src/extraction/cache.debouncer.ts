import type { Cache } from '@mnemo/persistence';

export interface DebounceOptions {
  /** Quiet time after the last save before the work runs (3 s). */
  delayMs: number;
  /** How long a run may hold the per-key lock (it releases sooner). */
  lockMs: number;
  /** How long a waiting run polls a busy lock before giving up; the newest save's run keeps trying. */
  maxWaitMs: number;
  /** How long the pending marker lives (well over delay + wait). */
  markerTtlMs?: number;
}

export type DebounceResult = 'ran' | 'superseded' | 'busy';

/** The lock a key's run holds while in flight; anything else that runs the same work (a recovery sweep) takes it too. */
export const inflightLock = (key: string) => `${key}:inflight`;
const pendingMarker = (key: string) => `${key}:pending`;

/**
 * Debounce across instances through the cache. Every save records itself as the key's latest (`version`,
 * a number that only grows: the log sequence of the save); after the delay, only the timer of the latest
 * save runs, and only while it holds the key's lock, so at most one run is in flight per key.
 */
export class CacheDebouncer {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly recording = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly cache: Cache,
    private readonly options: DebounceOptions,
    private readonly onError: (key: string, error: unknown) => void,
    /** A save's run found the key's lock held (a run in flight, a sweep) and waits for it: told each time it looks. */
    private readonly onLockBusy: (key: string, version: number) => void = () => undefined,
  ) {}

  /** Records the save and schedules its run; resolves once recorded (the run happens later). */
  async schedule(
    key: string,
    version: number,
    work: () => Promise<void>,
    onSettled?: (result: DebounceResult) => void,
  ): Promise<void> {
    // Saves of one key handled in one batch record themselves one after another, so the newest stays the latest.
    const previous = this.recording.get(key) ?? Promise.resolve();
    const current = previous.then(() => this.record(key, version, work, onSettled));
    const settled = current.catch(() => undefined);
    this.recording.set(key, settled);
    void settled.then(() => {
      if (this.recording.get(key) === settled) this.recording.delete(key);
    });
    return current;
  }

  private async record(
    key: string,
    version: number,
    work: () => Promise<void>,
    onSettled?: (result: DebounceResult) => void,
  ): Promise<void> {
    const marker = pendingMarker(key);
    const current = Number((await this.cache.get(marker)) ?? 0);
    // A redelivered older save never takes the place of a newer one.
    if (current > version) return;
    await this.cache.set(marker, String(version), this.options.markerTtlMs ?? 10 * 60_000);
    const deadline = Date.now() + this.options.delayMs + this.options.maxWaitMs;
    this.later(key, this.options.delayMs, () =>
      this.attempt(key, version, work, deadline, onSettled),
    );
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async attempt(
    key: string,
    version: number,
    work: () => Promise<void>,
    deadline: number,
    onSettled?: (result: DebounceResult) => void,
  ): Promise<void> {
    const marker = pendingMarker(key);
    if ((await this.cache.get(marker)) !== String(version)) return onSettled?.('superseded');
    const token = await this.cache.tryLock(inflightLock(key), this.options.lockMs);
    if (!token) {
      this.onLockBusy(key, version);
      // Another instance runs an earlier save: try again after it, unless our wait is over.
      if (Date.now() < deadline)
        this.later(key, Math.min(1_000, this.options.delayMs), () =>
          this.attempt(key, version, work, deadline, onSettled),
        );
      else onSettled?.('busy');
      return;
    }
    try {
      // Checked again under the lock: a newer save may have come while we waited for it.
      if ((await this.cache.get(marker)) !== String(version)) return onSettled?.('superseded');
      try {
        await work();
      } catch (error) {
        // A failed run (a model or a lock that is busy) keeps the marker and tries again while the wait lasts.
        this.onError(key, error);
        if (Date.now() < deadline)
          this.later(key, this.options.delayMs, () =>
            this.attempt(key, version, work, deadline, onSettled),
          );
        else onSettled?.('busy');
        return;
      }
      if ((await this.cache.get(marker)) === String(version)) await this.cache.del(marker);
      onSettled?.('ran');
    } finally {
      await this.cache.unlock(inflightLock(key), token);
    }
  }

  private later(key: string, delayMs: number, run: () => Promise<void>): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run().catch((error) => this.onError(key, error));
    }, delayMs);
    timer.unref?.();
    this.timers.add(timer);
  }
}
