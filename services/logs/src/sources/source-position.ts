import { awaitCheckpoint } from '@mnemo/persistence';
import { logFactsProjection } from '../projections/log-facts.projection';
import type { LogScope, LogSinkDeps } from './log-sink';

/**
 * Where a source resumes: the cursor of the last window it wrote, read once the log-facts projection
 * has applied everything in the log (so a window written just before a crash is seen).
 */
export async function storedCursor(
  deps: LogSinkDeps,
  { accountId, project, sourceId }: LogScope,
): Promise<string | undefined> {
  await awaitCheckpoint(deps.db, logFactsProjection.name, await deps.log.lastSeq('events'), 30_000);
  const rows: Array<{ cursor: string | null }> = await deps.db.query(
    `SELECT cursor FROM log_source_positions WHERE account_id = $1 AND project = $2 AND source_id = $3`,
    [accountId, project, sourceId],
  );
  return rows[0]?.cursor ?? undefined;
}
