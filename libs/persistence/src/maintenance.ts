import type { DataSource } from 'typeorm';
import { startPeriodicTask, type Logger, type Subscription } from '@mnemo/eventing';
import { compactAcceptedEventIds } from './accepted-event-ids';
import type { Sql } from './projection';
import { oneRow } from './one-row';

/** One process maintains the database at a time, however many run (`--target` processes, instances). */
const MAINTENANCE_LOCK = 0x6d6e7476; // 'mntv'
/**
 * Past the log's duplicate window, accepted ids are kept as long again, an hour at most (a clock skew, a
 * slow redaction step).
 */
export const acceptedIdsMarginMs = (duplicateWindowMs: number): number =>
  Math.min(duplicateWindowMs, 60 * 60 * 1000);

export interface MaintenanceReport {
  /** Rows of the short-window accepted-id record compacted. */
  compactedIds: number;
  /** Tables vacuumed because autovacuum is off and their dead rows passed its threshold. */
  vacuumed: string[];
}

/**
 * One round of the database's upkeep (docs/event-log.md: bounded growth): compacts the accepted-id record
 * (rows accepted before `acceptedBefore`), and, when the server runs without autovacuum (`SHOW
 * autovacuum`; some managed or hand-tuned servers do), vacuums the tables whose dead rows pass the
 * threshold autovacuum would use (its settings, and the table's own scale factor where a migration set
 * one): recall's lexeme counts, the accepted-id record, every table a projection rewrites. Answers null
 * when another process holds the round.
 */
export async function maintainDatabase(
  dataSource: DataSource,
  acceptedBefore: Date,
): Promise<MaintenanceReport | null> {
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    const { locked } = oneRow(
      await (runner as Sql).query<Array<{ locked: boolean }>>(
        'SELECT pg_try_advisory_lock($1) AS locked',
        [MAINTENANCE_LOCK],
      ),
      'maintenance lock',
    );
    if (!locked) return null;
    try {
      const compactedIds = await compactAcceptedEventIds(runner, acceptedBefore);
      // the deletes count as dead rows once this backend's statistics are flushed, which it does when
      // idle at most once a second: forced, the vacuum below sees them in this round (the soak saw
      // accepted_event_ids hold as many dead rows as live ones from one round to the next without it)
      if (compactedIds > 0)
        await runner.query('SELECT pg_stat_force_next_flush()').catch(() => undefined);
      const vacuumed = (await autovacuumIsOff(runner)) ? await vacuumDeadRows(runner) : [];
      return { compactedIds, vacuumed };
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MAINTENANCE_LOCK]);
    }
  } finally {
    await runner.release();
  }
}

async function autovacuumIsOff(sql: Sql): Promise<boolean> {
  const rows: Array<{ autovacuum: string }> = await sql.query('SHOW autovacuum');
  return oneRow(rows, 'SHOW autovacuum').autovacuum === 'off';
}

/** VACUUM (ANALYZE) each table of this schema that autovacuum would have visited; answers their names. */
async function vacuumDeadRows(sql: Sql): Promise<string[]> {
  const due: Array<{ name: string }> = await sql.query(
    `SELECT format('%I.%I', s.schemaname, s.relname) AS name
     FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE s.schemaname = current_schema()
       AND s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8 + s.n_live_tup * coalesce(
         (SELECT option_value::float8 FROM pg_options_to_table(c.reloptions) WHERE option_name = 'autovacuum_vacuum_scale_factor'),
         current_setting('autovacuum_vacuum_scale_factor')::float8)
     ORDER BY s.n_dead_tup DESC`,
  );
  for (const { name } of due) await sql.query(`VACUUM (ANALYZE) ${name}`);
  return due.map(({ name }) => name);
}

export interface DatabaseMaintenanceOptions {
  dataSource: DataSource;
  logger: Logger;
  /** The log's duplicate window: accepted ids are kept this long and a margin more (acceptedIdsMarginMs). */
  duplicateWindowMs: number;
  intervalMs?: number;
  clock?: () => Date;
}

/** Runs maintainDatabase every ten minutes (the first a minute after start), in every platform process. */
export function startDatabaseMaintenance(options: DatabaseMaintenanceOptions): Subscription {
  const clock = options.clock ?? (() => new Date());
  const keepMs = options.duplicateWindowMs + acceptedIdsMarginMs(options.duplicateWindowMs);
  return startPeriodicTask({
    name: 'database maintenance',
    intervalMs: options.intervalMs ?? 10 * 60_000,
    firstDelayMs: Math.min(options.intervalMs ?? 60_000, 60_000),
    logger: options.logger,
    run: async () => {
      const report = await maintainDatabase(
        options.dataSource,
        new Date(clock().getTime() - keepMs),
      );
      if (report && (report.compactedIds > 0 || report.vacuumed.length > 0))
        options.logger.info({ ...report }, 'database maintained');
    },
  });
}
