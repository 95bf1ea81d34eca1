import type { LlmCallLabel, LlmCostPool } from '../llm.port';

/** The platform's one cost guard (the cost-ledger client), for paid calls that are not model calls (embeddings). */
export const COST_GUARD = 'COST_GUARD';

export interface ReserveCost {
  account: string;
  pools: readonly LlmCostPool[];
  label: LlmCallLabel;
  model: string;
  worstCaseUsd: number;
}

export type Reservation =
  /** `expiresAt` (ISO time) is when the ledger lifts the hold if it hears nothing; absent for a local (fail-open) grant. */
  | { granted: true; reservationId: string; expiresAt?: string }
  | { granted: false; spentUsd: number; capUsd: number; pool: LlmCostPool };

export interface ActualCost {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** `invalid_output`: the answer was paid for but failed its schema. Default `ok`. */
  outcome?: 'ok' | 'invalid_output';
}

/** Why a reservation is released: the provider call failed, and how. */
export type ReleaseReason = 'rate_limited' | 'api_error';

/**
 * What the runtime calls around every paid model call (docs/costs.md): reserve the worst case, then commit
 * the real cost or release. The cost-ledger service implements it over NATS; reservations it never
 * hears about again expire on its side.
 */
export interface CostGuard {
  reserve(request: ReserveCost): Promise<Reservation>;
  commit(reservationId: string, actual: ActualCost): Promise<void>;
  /** The call failed before any spend; `reason` is recorded as the call's outcome (default api_error). */
  release(reservationId: string, reason?: ReleaseReason): Promise<void>;
}

/**
 * The ledger was reached but gave no answer in time: it may have decided (and refused) already, so the
 * call must not go on. Unlike an unreachable ledger, this never fails open: a timeout under load
 * would otherwise let calls through past the cap.
 */
export class CostGuardBusyError extends Error {
  readonly code = 'cost_guard_busy';
}

/** Default daily caps in dollars (docs/costs.md), reset at UTC midnight. */
export const DEFAULT_POOL_CAPS_USD: Readonly<Record<LlmCostPool, number>> = {
  compaction: 0.5,
  session: 0.35,
  profile: 0.15,
};
