import type { Projection, Sql } from './projection';
import { interruptedReplays, pendingReplaysText } from './replays-pending';

/** The projections' tables that are not in the database (in the connection's search path). */
export async function missingTables(
  sql: Sql,
  projections: readonly Projection[],
): Promise<string[]> {
  const tables = projections.flatMap((projection) => projection.tables);
  const rows: Array<{ table: string }> = await sql.query(
    'SELECT t AS "table" FROM unnest($1::text[]) AS t WHERE to_regclass(t) IS NULL ORDER BY t',
    [tables],
  );
  return rows.map((row) => row.table);
}

/**
 * Readiness of the read models: every projection's tables are there, and no replay was left unfinished.
 * A database whose tables went missing (a second process wrote the same PGlite folder) answers
 * `SELECT 1` and fails every read; a replay killed midway left its projections marked
 * (replays_pending) with old or empty tables.
 */
export async function assertReadModelsPresent(
  sql: Sql,
  projections: readonly Projection[],
): Promise<void> {
  const missing = await missingTables(sql, projections);
  if (missing.length)
    throw new Error(
      `missing tables ${missing.join(', ')}: run \`mnemo doctor --repair\` (embedded) or \`mnemo replay --projection all\``,
    );
  const interrupted = await interruptedReplays(sql);
  if (interrupted.length)
    throw new Error(
      `${pendingReplaysText(interrupted)}: the next \`mnemo start\` finishes it, or run \`mnemo replay --projection all\``,
    );
}
