import type { ActualCost, CostGuard, ReleaseReason, Reservation, ReserveCost } from './cost-guard.port';

/** Grants everything and records nothing: for tools and deployments that run without a ledger. */
export class NoopCostGuard implements CostGuard {
  private next = 0;

  async reserve(_request: ReserveCost): Promise<Reservation> {
    return { granted: true, reservationId: `noop-${++this.next}` };
  }

  async commit(_reservationId: string, _actual: ActualCost): Promise<void> {}

  async release(_reservationId: string, _reason?: ReleaseReason): Promise<void> {}
}
