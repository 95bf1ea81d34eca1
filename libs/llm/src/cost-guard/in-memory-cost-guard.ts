import type { LlmCostPool } from '../llm.port';
import {
  DEFAULT_POOL_CAPS_USD,
  type ActualCost,
  type CostGuard,
  type ReleaseReason,
  type Reservation,
  type ReserveCost,
} from './cost-guard.port';

interface Held {
  request: ReserveCost;
  day: string;
  expiresAt: number;
}

export interface SettledCall {
  reservationId: string;
  outcome: 'committed' | 'released' | 'expired';
  request: ReserveCost;
  actual?: ActualCost;
  /** Released only: why the call failed. */
  reason?: ReleaseReason;
}

export interface InMemoryCostGuardOptions {
  capsUsd?: Partial<Record<LlmCostPool, number>>;
  now?: () => Date;
  /** How long a reservation holds budget if never settled. */
  reservationTtlMs?: number;
}

const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The ledger's rules in one process, for tests and the single-process laptop mode: per account,
 * pool and UTC day, spent plus held reservations plus the new worst case must stay within the cap.
 * Node runs this synchronously between awaits, so concurrent reservations cannot overshoot.
 */
export class InMemoryCostGuard implements CostGuard {
  readonly settled: SettledCall[] = [];
  private readonly spent = new Map<string, number>();
  private readonly held = new Map<string, Held>();
  private readonly caps: Record<LlmCostPool, number>;
  private readonly now: () => Date;
  private readonly ttlMs: number;
  private next = 0;

  constructor(options: InMemoryCostGuardOptions = {}) {
    this.caps = { ...DEFAULT_POOL_CAPS_USD, ...options.capsUsd };
    this.now = options.now ?? (() => new Date());
    this.ttlMs = options.reservationTtlMs ?? 10 * 60_000;
  }

  async reserve(request: ReserveCost): Promise<Reservation> {
    const now = this.now();
    this.expire(now.getTime());
    const day = utcDay(now);
    for (const pool of request.pools) {
      const spentUsd = this.spentUsd(request.account, pool, day);
      const capUsd = this.caps[pool];
      if (spentUsd + this.heldUsd(request.account, pool, day) + request.worstCaseUsd > capUsd) {
        return { granted: false, spentUsd, capUsd, pool };
      }
    }
    const reservationId = `res-${++this.next}`;
    const expiresAt = now.getTime() + this.ttlMs;
    this.held.set(reservationId, { request, day, expiresAt });
    return { granted: true, reservationId, expiresAt: new Date(expiresAt).toISOString() };
  }

  async commit(reservationId: string, actual: ActualCost): Promise<void> {
    const held = this.held.get(reservationId);
    if (!held) return; // expired or settled already: a second settle must not count twice
    this.held.delete(reservationId);
    for (const pool of held.request.pools) {
      const key = this.key(held.request.account, pool, held.day);
      this.spent.set(key, (this.spent.get(key) ?? 0) + actual.costUsd);
    }
    this.settled.push({ reservationId, outcome: 'committed', request: held.request, actual });
  }

  async release(reservationId: string, reason: ReleaseReason = 'api_error'): Promise<void> {
    const held = this.held.get(reservationId);
    if (!held) return;
    this.held.delete(reservationId);
    this.settled.push({ reservationId, outcome: 'released', request: held.request, reason });
  }

  /** Dollars committed today (UTC) by an account in a pool. */
  spentUsd(account: string, pool: LlmCostPool, day = utcDay(this.now())): number {
    return this.spent.get(this.key(account, pool, day)) ?? 0;
  }

  heldCount(): number {
    return this.held.size;
  }

  private heldUsd(account: string, pool: LlmCostPool, day: string): number {
    let sum = 0;
    for (const held of this.held.values()) {
      if (held.day === day && held.request.account === account && held.request.pools.includes(pool))
        sum += held.request.worstCaseUsd;
    }
    return sum;
  }

  private expire(nowMs: number): void {
    for (const [reservationId, held] of this.held) {
      if (held.expiresAt > nowMs) continue;
      this.held.delete(reservationId);
      this.settled.push({ reservationId, outcome: 'expired', request: held.request });
    }
  }

  private key(account: string, pool: LlmCostPool, day: string): string {
    return `${account}\u0000${pool}\u0000${day}`;
  }
}
