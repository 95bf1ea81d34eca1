import type { MigrationInterface, QueryRunner } from 'typeorm';
import { projectionLockKey, type Sql } from './projection';

/**
 * The projections a replay was asked to rebuild and has not committed yet (docs/event-log.md, "A full
 * replay across a crash"). A mark is committed before the replay drops anything and removed in the
 * transaction that commits the projection's rebuilt tables, so a replay killed anywhere (mid-read, or
 * between the commits of its connections) leaves exactly the projections it did not finish marked.
 */
export class ReplaysPending1765300000000 implements MigrationInterface {
  name = 'ReplaysPending1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS replays_pending (
        projection text PRIMARY KEY,
        started_at timestamptz NOT NULL DEFAULT now(),
        started_by text NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS replays_pending`);
  }
}

export interface PendingReplay {
  projection: string;
  startedAt: Date;
  /** Who asked for it: the command, its process and host. */
  startedBy: string;
}

/** Marks `projections` as to be rebuilt; answers those not marked before (a mark already there stays). */
export async function markReplaysPending(
  sql: Sql,
  projections: readonly string[],
  startedBy: string,
): Promise<string[]> {
  const rows: Array<{ projection: string }> = await sql.query(
    `INSERT INTO replays_pending (projection, started_by) SELECT unnest($1::text[]), $2
     ON CONFLICT (projection) DO NOTHING RETURNING projection`,
    [projections, startedBy],
  );
  return rows.map((row) => row.projection);
}

/** Removes the marks of `projections`: in the replay's own transaction, as its tables commit. */
export async function clearReplaysPending(sql: Sql, projections: readonly string[]): Promise<void> {
  await sql.query('DELETE FROM replays_pending WHERE projection = ANY($1::text[])', [projections]);
}

/**
 * The marked projections no running replay is rebuilding: a replay holds its projection's advisory lock
 * exclusively from its drop to its commit (live batches only ever share it), so a mark whose lock can be
 * shared is one a replay left behind when it was killed or failed.
 */
export async function interruptedReplays(sql: Sql): Promise<PendingReplay[]> {
  const marks: Array<{ projection: string; started_at: Date | string; started_by: string }> =
    await sql.query(
      'SELECT projection, started_at, started_by FROM replays_pending ORDER BY projection',
    );
  if (marks.length === 0) return [];
  const free: Array<{ projection: string }> = await sql.query(
    `SELECT name AS projection FROM unnest($1::text[], $2::bigint[]) AS mark(name, lock_key)
     WHERE pg_try_advisory_xact_lock_shared(lock_key)`,
    [marks.map((mark) => mark.projection), marks.map((mark) => projectionLockKey(mark.projection))],
  );
  const interrupted = new Set(free.map((row) => row.projection));
  return marks
    .filter((mark) => interrupted.has(mark.projection))
    .map((mark) => ({
      projection: mark.projection,
      startedAt: new Date(mark.started_at),
      startedBy: mark.started_by,
    }));
}

/** How a migration signs the replay it asks for, so messages call it an upgrade's, not a failure. */
export const MIGRATION_MARK = 'migration';

/** True when every mark came from a migration: an upgrade asked for the rebuild, nothing failed. */
export const upgradeReplaysOnly = (pending: readonly PendingReplay[]): boolean =>
  pending.length > 0 && pending.every((p) => p.startedBy.startsWith(`${MIGRATION_MARK} `));

/** "a replay of recall (since …, by …) did not finish", or the upgrade's wording for a migration's mark. */
export function pendingReplaysText(pending: readonly PendingReplay[]): string {
  return upgradeReplaysOnly(pending)
    ? `an upgrade asks for ${describePendingReplays(pending)} to be rebuilt from the log`
    : `a replay of ${describePendingReplays(pending)} did not finish`;
}

/** "recall, sessions (since 2026-12-07T06:40:00.000Z, by replay pid 12 on host)": for messages. */
export function describePendingReplays(pending: readonly PendingReplay[]): string {
  const first = pending.reduce((a, b) => (a.startedAt <= b.startedAt ? a : b));
  return `${pending.map((p) => p.projection).join(', ')} (since ${first.startedAt.toISOString()}, by ${first.startedBy})`;
}
