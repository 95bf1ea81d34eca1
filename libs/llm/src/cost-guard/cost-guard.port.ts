import type { LlmCallLabel, LlmCostPool } from '../llm.port';

export const COST_GUARD = 'COST_GUARD';

export interface ReserveCost {
  account: string;
  pools: readonly LlmCostPool[];
  label: LlmCallLabel;
  model: string;
  worstCaseUsd: number;
}

export type Reservation =
  | { granted: true; reservationId: string }
  | { granted: false; spentUsd: number; capUsd: number; pool: LlmCostPool };

export interface ActualCost {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/**
 * What the runtime calls around every paid model call (SPEC §3): reserve the worst case, then commit
 * the real cost or release. The cost-ledger service implements it over NATS; reservations it never
 * hears about again expire on its side.
 */
export interface CostGuard {
  reserve(request: ReserveCost): Promise<Reservation>;
  commit(reservationId: string, actual: ActualCost): Promise<void>;
  release(reservationId: string): Promise<void>;
}

/** Default daily caps in dollars (SPEC §3), reset at UTC midnight. */
export const DEFAULT_POOL_CAPS_USD: Readonly<Record<LlmCostPool, number>> = { compaction: 0.5, session: 0.35, profile: 0.15 };
