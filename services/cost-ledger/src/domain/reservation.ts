import type { CostPoolName } from './cost-pools';

/** Dollars are compared in whole micro-dollars: 0.1 + 0.2 + 0.05 must fit a $0.35 cap exactly. */
export const toMicros = (usd: number): number => Math.round(usd * 1_000_000);
export const fromMicros = (micros: number): number => micros / 1_000_000;

export interface PoolBalance {
  pool: CostPoolName;
  capUsd: number;
  spentUsd: number;
  reservedUsd: number;
}

export type ReservationDecision =
  | { granted: true }
  | { granted: false; pool: CostPoolName; spentUsd: number; reservedUsd: number; capUsd: number };

/**
 * Grant a reservation only when every pool the call counts against has room for its worst case:
 * spent + reserved + worstCase ≤ cap. The first pool without room is named in the refusal.
 */
export function decideReservation(input: {
  pools: readonly PoolBalance[];
  worstCaseUsd: number;
}): ReservationDecision {
  const { pools, worstCaseUsd } = input;
  assertAmount(worstCaseUsd, 'worstCaseUsd');
  if (pools.length === 0)
    throw new RangeError('a reservation must count against at least one pool');
  const worst = toMicros(worstCaseUsd);
  for (const p of pools) {
    if (toMicros(p.spentUsd) + toMicros(p.reservedUsd) + worst > toMicros(p.capUsd)) {
      return {
        granted: false,
        pool: p.pool,
        spentUsd: p.spentUsd,
        reservedUsd: p.reservedUsd,
        capUsd: p.capUsd,
      };
    }
  }
  return { granted: true };
}

export interface Balance {
  spentUsd: number;
  reservedUsd: number;
}

/** Commit: the reservation's hold is lifted and the real cost the API reported is spent. */
export function settle(balance: Balance, reservedUsd: number, actualUsd: number): Balance {
  assertAmount(reservedUsd, 'reservedUsd');
  assertAmount(actualUsd, 'actualUsd');
  return {
    spentUsd: fromMicros(toMicros(balance.spentUsd) + toMicros(actualUsd)),
    // Never below zero: a hold released twice must not create room that was never reserved.
    reservedUsd: fromMicros(Math.max(0, toMicros(balance.reservedUsd) - toMicros(reservedUsd))),
  };
}

/** Release: the call failed or never ran, so the hold goes and nothing is spent. */
export function releaseHold(balance: Balance, reservedUsd: number): Balance {
  return settle(balance, reservedUsd, 0);
}

function assertAmount(usd: number, name: string): void {
  if (!Number.isFinite(usd) || usd < 0)
    throw new RangeError(`${name} must be a finite, non-negative amount`);
}
