import { randomBytes } from 'node:crypto';

/** The real servers the integration and end-to-end tests talk to (CI starts them; see .ci/run). */
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A name no other test file uses, so test files run in parallel and never see each other's data. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

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
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
