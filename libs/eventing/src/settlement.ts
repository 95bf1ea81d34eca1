import { DependencyError, InvalidEventError, ValidationError } from '@mnemo/contracts';

export type Settlement = { kind: 'retry'; delayMs: number } | { kind: 'dead' };

const BASE_DELAY_MS = 250;
const MAX_DELAY_MS = 30_000;

/** A growing delay between redeliveries: 250 ms, 500 ms, 1 s, … capped at 30 s. */
export function backoffMs(deliveryCount: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, deliveryCount - 1));
}

/**
 * The one table that maps a handler's error to how its message ends. Bad input cannot be fixed by
 * redelivery, so it is dead-lettered at once; anything else is retried with a growing delay until the
 * last delivery, then dead-lettered so the consumer moves on.
 */
export function settlementFor(
  error: unknown,
  deliveryCount: number,
  maxDeliver: number,
): Settlement {
  if (error instanceof ValidationError || error instanceof InvalidEventError)
    return { kind: 'dead' };
  if (deliveryCount >= maxDeliver) return { kind: 'dead' };
  const delayMs =
    error instanceof DependencyError ? backoffMs(deliveryCount + 1) : backoffMs(deliveryCount);
  return { kind: 'retry', delayMs };
}

export function errorSummary(error: unknown): { code: string; message: string } {
  const e = error as { code?: unknown; message?: unknown };
  return {
    code: typeof e?.code === 'string' ? e.code : 'internal',
    message: String(e?.message ?? error).slice(0, 2000),
  };
}
