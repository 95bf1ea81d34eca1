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

/** Polling with a deadline lives in @mnemo/testing; kept here for the specs that import it from here. */
export { eventually } from '@mnemo/testing';
