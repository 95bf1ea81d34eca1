import type { CostPoolName } from './cost-pools';
import {
  decideReservation,
  type ReservationDecision,
  fromMicros,
  settle,
  releaseHold,
  toMicros,
} from './reservation';
import { utcDay } from './utc-day';

/** One pool on one UTC day. */
export interface PoolDay {
  spentUsd: number;
  reservedUsd: number;
}

export interface Reservation {
  reservationId: string;
  /** The UTC day the hold (and later the spend) counts against: the day it was granted. */
  day: string;
  pools: CostPoolName[];
  amountUsd: number;
  expiresAt: Date;
}

/**
 * The ledger as plain data: balances per `day|pool`, and the reservations not yet committed, released
 * or expired. PgLedger does not call it; it applies the same arithmetic (reservation.ts) to rows under
 * a lock. This model exists for ledger-state.spec.ts, whose property test states the cap invariant.
 */
export interface LedgerState {
  balances: Readonly<Record<string, PoolDay>>;
  open: Readonly<Record<string, Reservation>>;
}

export const emptyLedger = (): LedgerState => ({ balances: {}, open: {} });

const key = (day: string, pool: CostPoolName) => `${day}|${pool}`;
const EMPTY: PoolDay = { spentUsd: 0, reservedUsd: 0 };

export function balanceOf(state: LedgerState, day: string, pool: CostPoolName): PoolDay {
  return state.balances[key(day, pool)] ?? EMPTY;
}

export interface ReserveRequest {
  reservationId: string;
  pools: readonly CostPoolName[];
  worstCaseUsd: number;
  caps: Readonly<Record<CostPoolName, number>>;
  now: Date;
  ttlMs: number;
}

export function reserve(
  state: LedgerState,
  req: ReserveRequest,
): { state: LedgerState; decision: ReservationDecision } {
  // A retried request with the same id must not hold twice.
  if (state.open[req.reservationId]) return { state, decision: { granted: true } };
  const day = utcDay(req.now);
  const decision = decideReservation({
    pools: req.pools.map((pool) => ({
      pool,
      capUsd: req.caps[pool],
      ...balanceOf(state, day, pool),
    })),
    worstCaseUsd: req.worstCaseUsd,
  });
  if (!decision.granted) return { state, decision };
  const reservation: Reservation = {
    reservationId: req.reservationId,
    day,
    pools: [...req.pools],
    amountUsd: req.worstCaseUsd,
    expiresAt: new Date(req.now.getTime() + req.ttlMs),
  };
  const balances = { ...state.balances };
  for (const pool of req.pools) {
    const b = balanceOf(state, day, pool);
    balances[key(day, pool)] = {
      spentUsd: b.spentUsd,
      reservedUsd: fromMicros(toMicros(b.reservedUsd) + toMicros(req.worstCaseUsd)),
    };
  }
  return {
    state: { balances, open: { ...state.open, [req.reservationId]: reservation } },
    decision,
  };
}

export interface CommitRequest {
  reservationId?: string;
  /** Used when the reservation is gone (expired, or the ledger was unreachable and the call failed open). */
  pools: readonly CostPoolName[];
  day: string;
  costUsd: number;
}

/**
 * Record what a call really cost. With its reservation still open, the hold is lifted and the cost
 * spent on the reservation's day. Without one, the spend is recorded anyway: money spent is never
 * dropped, even when it pushes a pool past its cap (the next reservation is then refused).
 */
export function commit(
  state: LedgerState,
  req: CommitRequest,
): { state: LedgerState; matched: boolean } {
  const reservation = req.reservationId ? state.open[req.reservationId] : undefined;
  const day = reservation?.day ?? req.day;
  const pools = reservation?.pools ?? req.pools;
  const held = reservation?.amountUsd ?? 0;
  const balances = { ...state.balances };
  for (const pool of pools)
    balances[key(day, pool)] = settle(balanceOf(state, day, pool), held, req.costUsd);
  return {
    state: { balances, open: without(state.open, reservation?.reservationId) },
    matched: !!reservation,
  };
}

/** The call failed or never ran: lift the hold, spend nothing. Unknown ids change nothing. */
export function release(state: LedgerState, reservationId: string): LedgerState {
  const reservation = state.open[reservationId];
  if (!reservation) return state;
  return { balances: liftHold(state, reservation), open: without(state.open, reservationId) };
}

/** Reservations whose holder never came back to commit or release by their expiry. */
export function expiredReservations(reservations: Iterable<Reservation>, now: Date): Reservation[] {
  return [...reservations].filter((r) => r.expiresAt.getTime() <= now.getTime());
}

/** Release every expired reservation, so a crashed caller cannot hold a pool shut for the rest of the day. */
export function expire(
  state: LedgerState,
  now: Date,
): { state: LedgerState; expired: Reservation[] } {
  const expired = expiredReservations(Object.values(state.open), now);
  return { state: expired.reduce((s, r) => release(s, r.reservationId), state), expired };
}

function liftHold(state: LedgerState, reservation: Reservation): Record<string, PoolDay> {
  const balances = { ...state.balances };
  for (const pool of reservation.pools) {
    balances[key(reservation.day, pool)] = releaseHold(
      balanceOf(state, reservation.day, pool),
      reservation.amountUsd,
    );
  }
  return balances;
}

function without<T>(
  record: Readonly<Record<string, T>>,
  id: string | undefined,
): Record<string, T> {
  if (id === undefined) return { ...record };
  const { [id]: _gone, ...rest } = record;
  return rest;
}
