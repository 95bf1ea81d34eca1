import { connectionFailure, DependencyError } from '@mnemo/contracts';

/** Longest a handler waits in place for a dependency to come back before its message is settled as failed. */
export const DEFAULT_PATIENCE_MS = 10 * 60_000;
const FIRST_WAIT_MS = 200;
const LONGEST_WAIT_MS = 3_000;

/** A dependency outage (the log, the database, the cache, another service): waiting, not redelivery, is the cure. */
export const isOutage = (error: unknown): boolean =>
  error instanceof DependencyError || connectionFailure(error) !== null;

export interface PatienceOptions {
  patienceMs?: number;
  /** True once the consumer is stopping: the wait ends and the error is settled as usual. */
  stopping: () => boolean;
  onWait?: (error: unknown, attempt: number) => void;
}

/**
 * Runs `work` again, after a growing pause, for as long as it fails because a dependency is out (up to the
 * patience). An outage is not the message's fault: settling it (nak) would spend one of the message's
 * deliveries per attempt, and a restart of PostgreSQL or NATS longer than those few attempts would dead-letter
 * events that nothing is wrong with. Any other error is thrown at once, to the usual settlement.
 */
export async function withDependencyPatience<T>(
  work: () => Promise<T>,
  options: PatienceOptions,
): Promise<T> {
  const deadline = Date.now() + (options.patienceMs ?? DEFAULT_PATIENCE_MS);
  for (
    let attempt = 1, wait = FIRST_WAIT_MS;
    ;
    attempt += 1, wait = Math.min(wait * 2, LONGEST_WAIT_MS)
  ) {
    try {
      return await work();
    } catch (error) {
      if (!isOutage(error) || options.stopping() || Date.now() + wait > deadline) throw error;
      options.onWait?.(error, attempt);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
