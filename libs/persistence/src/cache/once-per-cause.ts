import type { Cache } from './cache.port';

export interface OncePerCause {
  /** Set once the work is done: a later delivery of the same cause finds it and does nothing. */
  doneKey: string;
  doneTtlMs: number;
  /** Held while the work runs: one holder at a time (per cause, or wider, per account). */
  lockKey: string;
  lockMs: number;
  /** What a delivery that finds the lock held throws, so the consumer retries it later. */
  busy: () => Error;
}

/**
 * A reaction that pays for a model call once per cause, whatever the deliveries: a delivery that finds
 * the cause done does nothing; one that arrives while the work is in flight is refused (`busy`) and,
 * retried later, finds it done. Answers the work's result, or undefined when it was done already.
 */
export async function oncePerCause<T>(
  cache: Cache,
  keys: OncePerCause,
  work: () => Promise<T>,
): Promise<T | undefined> {
  if (await cache.get(keys.doneKey)) return undefined;
  const token = await cache.tryLock(keys.lockKey, keys.lockMs);
  if (!token) throw keys.busy();
  try {
    // Done between the first look and the lock: the holder before us finished it.
    if (await cache.get(keys.doneKey)) return undefined;
    const result = await work();
    await cache.set(keys.doneKey, result === undefined ? '1' : String(result), keys.doneTtlMs);
    return result;
  } finally {
    await cache.unlock(keys.lockKey, token);
  }
}
