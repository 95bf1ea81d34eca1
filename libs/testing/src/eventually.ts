/**
 * Waiting in tests without fixed sleeps: poll with a deadline, backing off from 10 ms to 200 ms, and
 * fail with what was awaited (and the last value seen) rather than a bare timeout.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` returns a value that `done` accepts, or fails with the last value seen. */
export async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    last = await probe();
    if (done(last)) return last;
    if (Date.now() > deadline)
      throw new Error(
        `condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(last)?.slice(0, 2000)}`,
      );
    await pause(delay);
  }
}

/** Polls until `done` holds, or fails naming `what` was awaited. */
export async function waitFor(
  done: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    if (await done()) return;
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await pause(delay);
  }
}
