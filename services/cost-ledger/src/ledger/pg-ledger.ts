import type { DataSource, EntityManager } from 'typeorm';
import type { CostPoolName } from '../domain/cost-pools';
import {
  decideReservation,
  fromMicros,
  releaseHold,
  settle,
  toMicros,
} from '../domain/reservation';
import { utcDay } from '../domain/utc-day';

export interface PgReserve {
  reservationId: string;
  account: string;
  pools: readonly CostPoolName[];
  worstCaseUsd: number;
  /** The deployment's caps; an account's admin cap (cost_caps) overrides them inside the transaction. */
  caps: Readonly<Record<CostPoolName, number>>;
  now: Date;
  ttlMs: number;
}

export type PgReserveResult =
  | { granted: true; reservationId: string; day: string; expiresAt: Date }
  | { granted: false; pool: CostPoolName; spentUsd: number; reservedUsd: number; capUsd: number };

export interface PgCommit {
  reservationId: string;
  account: string;
  /** Used when the reservation is unknown or no longer open: the caller's pools and day. */
  pools: readonly CostPoolName[];
  day: string;
  costUsd: number;
}

export interface PgSettleResult {
  /** False when this reservation was settled before: nothing changed. */
  recorded: boolean;
  /** A held reservation was found and its hold lifted. */
  matched: boolean;
  /** This commit was settled by an earlier one: its record may be re-sent (idempotently), never re-spent. */
  alreadyCommitted?: boolean;
  day: string;
  pools: CostPoolName[];
}

interface PoolDayRow {
  pool: CostPoolName;
  spent_usd: string;
  reserved_usd: string;
}

interface ReservationRow {
  id: string;
  account_id: string;
  pools: CostPoolName[];
  day: string;
  amount_usd: string;
  status: 'open' | 'committed' | 'released' | 'expired';
}

const sorted = (pools: readonly CostPoolName[]): CostPoolName[] => [...new Set(pools)].sort();

/**
 * The ledger over Postgres: balances per (account, pool, UTC day) and open reservations. Every change
 * locks the pool-day rows it touches with SELECT … FOR UPDATE, always in pool-name order, so any
 * number of instances serialise on the same rows and never deadlock; the decision itself is the pure
 * `decideReservation`.
 */
export class PgLedger {
  constructor(private readonly db: DataSource) {}

  async reserve(req: PgReserve): Promise<PgReserveResult> {
    const day = utcDay(req.now);
    const pools = sorted(req.pools);
    // Five round trips in all (begin, upsert, lock, hold, commit): this path is the ledger's throughput.
    return this.db.transaction(async (tx) => {
      // Creates today's rows, takes their locks in pool order and brings their cap up to date in one
      // statement: the account's admin cap (cost_caps) over the deployment default.
      await tx.query(
        `INSERT INTO cost_pool_days (account_id, pool, day, cap_usd)
         SELECT $1, d.pool, $2, coalesce(c.cap_usd, d.cap) FROM unnest($3::text[], $4::numeric[]) WITH ORDINALITY AS d(pool, cap, i)
         LEFT JOIN cost_caps c ON c.account_id = $1 AND c.pool = d.pool
         ORDER BY d.i
         ON CONFLICT (account_id, pool, day) DO UPDATE SET cap_usd = EXCLUDED.cap_usd WHERE cost_pool_days.cap_usd IS DISTINCT FROM EXCLUDED.cap_usd`,
        [req.account, day, pools, pools.map((pool) => req.caps[pool])],
      );
      const rows: Array<
        PoolDayRow & { cap_usd: string; known_day: string | null; known_expires: Date | null }
      > = await tx.query(
        `SELECT d.pool, d.spent_usd, d.reserved_usd, d.cap_usd, r.day::text AS known_day, r.expires_at AS known_expires
         FROM cost_pool_days d LEFT JOIN cost_reservations r ON r.id = $4
         WHERE d.account_id = $1 AND d.day = $2 AND d.pool = ANY($3) ORDER BY d.pool FOR UPDATE OF d`,
        [req.account, day, pools, req.reservationId],
      );
      // A retried request (same id) gets the first decision's grant back instead of holding twice.
      const known = rows.find((row) => row.known_day !== null);
      if (known)
        return {
          granted: true,
          reservationId: req.reservationId,
          day: known.known_day!,
          expiresAt: new Date(known.known_expires!),
        };

      const decision = decideReservation({
        pools: rows.map((row) => ({
          pool: row.pool,
          capUsd: Number(row.cap_usd),
          spentUsd: Number(row.spent_usd),
          reservedUsd: Number(row.reserved_usd),
        })),
        worstCaseUsd: req.worstCaseUsd,
      });
      if (!decision.granted) return decision;

      const expiresAt = new Date(req.now.getTime() + req.ttlMs);
      await tx.query(
        `WITH hold AS (
           UPDATE cost_pool_days SET reserved_usd = reserved_usd + $5 WHERE account_id = $1 AND day = $2 AND pool = ANY($3)
         )
         INSERT INTO cost_reservations (id, account_id, pools, day, amount_usd, expires_at, status) VALUES ($4, $1, $3, $2, $5, $6, 'open')`,
        [
          req.account,
          day,
          pools,
          req.reservationId,
          fromMicros(toMicros(req.worstCaseUsd)),
          expiresAt,
        ],
      );
      return { granted: true, reservationId: req.reservationId, day, expiresAt };
    });
  }

  /**
   * Spend the real cost. An open reservation's hold is lifted on its own day; a reservation that is
   * unknown (self-granted while the ledger was away) or expired is spent on the caller's day and pools,
   * even past the cap: money already spent is never dropped.
   */
  async commit(req: PgCommit): Promise<PgSettleResult> {
    return this.db.transaction(async (tx) => {
      const reservation = await this.lockReservation(tx, req.reservationId);
      if (
        reservation &&
        (reservation.status === 'committed' || reservation.status === 'released')
      ) {
        return {
          recorded: false,
          matched: false,
          day: reservation.day,
          pools: reservation.pools,
          alreadyCommitted: reservation.status === 'committed',
        };
      }
      // Past the check above, a known reservation is open or expired; only an open one still holds.
      const account = reservation?.account_id ?? req.account;
      const day = reservation?.day ?? req.day;
      const pools = sorted(reservation?.pools ?? req.pools);
      const open = reservation?.status === 'open';
      const held = open ? Number(reservation.amount_usd) : 0;
      const rows = await this.lockPoolDays(tx, account, day, pools);
      for (const row of rows) {
        const next = settle(
          { spentUsd: Number(row.spent_usd), reservedUsd: Number(row.reserved_usd) },
          held,
          req.costUsd,
        );
        await this.writeBalance(tx, account, day, row.pool, next);
      }
      if (reservation) {
        await tx.query(`UPDATE cost_reservations SET status = 'committed' WHERE id = $1`, [
          req.reservationId,
        ]);
      } else {
        // Remember the settlement, so the same commit retried from an outbox is not spent twice.
        await tx.query(
          `INSERT INTO cost_reservations (id, account_id, pools, day, amount_usd, expires_at, status) VALUES ($1, $2, $3, $4, 0, now(), 'committed')`,
          [req.reservationId, account, pools, day],
        );
      }
      return { recorded: true, matched: open, day, pools };
    });
  }

  /**
   * The call failed or never ran: lift the hold, spend nothing, and answer the day and pools it held.
   * Unknown or settled ids change nothing (null).
   */
  async release(
    reservationId: string,
    status: 'released' | 'expired' = 'released',
  ): Promise<{ day: string; pools: CostPoolName[] } | null> {
    return this.db.transaction(async (tx) => {
      const reservation = await this.lockReservation(tx, reservationId);
      if (!reservation || reservation.status !== 'open') return null;
      const rows = await this.lockPoolDays(
        tx,
        reservation.account_id,
        reservation.day,
        sorted(reservation.pools),
      );
      for (const row of rows) {
        const next = releaseHold(
          { spentUsd: Number(row.spent_usd), reservedUsd: Number(row.reserved_usd) },
          Number(reservation.amount_usd),
        );
        await this.writeBalance(tx, reservation.account_id, reservation.day, row.pool, next);
      }
      await tx.query(`UPDATE cost_reservations SET status = $2 WHERE id = $1`, [
        reservationId,
        status,
      ]);
      return { day: reservation.day, pools: reservation.pools };
    });
  }

  /** Releases every reservation past its expiry; safe to run from every instance at once. Returns how many it released. */
  async sweep(now: Date, limit = 500): Promise<number> {
    const due: Array<{ id: string }> = await this.db.query(
      `SELECT id FROM cost_reservations WHERE status = 'open' AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
      [now, limit],
    );
    let released = 0;
    for (const { id } of due) if (await this.release(id, 'expired')) released += 1;
    return released;
  }

  /** Today's balance of one pool, for tests and the stats page. */
  async balance(
    account: string,
    pool: CostPoolName,
    day: string,
  ): Promise<{ spentUsd: number; reservedUsd: number; capUsd: number } | null> {
    const rows: Array<{ spent_usd: string; reserved_usd: string; cap_usd: string }> =
      await this.db.query(
        `SELECT spent_usd, reserved_usd, cap_usd FROM cost_pool_days WHERE account_id = $1 AND pool = $2 AND day = $3`,
        [account, pool, day],
      );
    const [row] = rows;
    return row
      ? {
          spentUsd: Number(row.spent_usd),
          reservedUsd: Number(row.reserved_usd),
          capUsd: Number(row.cap_usd),
        }
      : null;
  }

  /**
   * Creates the pool-day rows if missing (a spend on a day nothing was reserved: cap 0 until the next
   * reservation records the cap in force), then locks them in pool order.
   */
  private async lockPoolDays(
    tx: EntityManager,
    account: string,
    day: string,
    pools: CostPoolName[],
  ): Promise<PoolDayRow[]> {
    await tx.query(
      `INSERT INTO cost_pool_days (account_id, pool, day, cap_usd) SELECT $1, pool, $2, 0 FROM unnest($3::text[]) WITH ORDINALITY AS p(pool, i)
       ORDER BY i ON CONFLICT DO NOTHING`,
      [account, day, pools],
    );
    return tx.query(
      `SELECT pool, spent_usd, reserved_usd FROM cost_pool_days WHERE account_id = $1 AND day = $2 AND pool = ANY($3) ORDER BY pool FOR UPDATE`,
      [account, day, pools],
    );
  }

  private async lockReservation(tx: EntityManager, id: string): Promise<ReservationRow | null> {
    const rows: ReservationRow[] = await tx.query(
      `SELECT id, account_id, pools, day::text AS day, amount_usd, status FROM cost_reservations WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  }

  private async writeBalance(
    tx: EntityManager,
    account: string,
    day: string,
    pool: CostPoolName,
    next: { spentUsd: number; reservedUsd: number },
  ) {
    await tx.query(
      `UPDATE cost_pool_days SET spent_usd = $4, reserved_usd = $5 WHERE account_id = $1 AND day = $2 AND pool = $3`,
      [account, day, pool, next.spentUsd, next.reservedUsd],
    );
  }
}
