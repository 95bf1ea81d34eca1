import { redact } from '@mnemo/redaction';

export type LogSourceState =
  | 'starting'
  | 'running'
  | 'failed'
  | 'unavailable'
  /** Another process holds this source (one reader per source, so nothing is counted twice). */
  | 'standby'
  | 'stopped';

interface Queryable {
  query<T = any>(sql: string, parameters?: unknown[]): Promise<T>;
}

export interface LogSourceReport {
  accountId: string;
  project: string;
  sourceId: string;
  kind: string;
  state: LogSourceState;
  /** A batch was written (the source ran). */
  ran?: boolean;
  error?: string;
}

/** Records a source's state; an error is redacted and cut to 1,000 characters before it is kept. */
export async function reportLogSource(
  db: Queryable,
  report: LogSourceReport,
  now: Date,
): Promise<void> {
  const error = report.error === undefined ? null : redact(report.error).text.slice(0, 1000);
  await db.query(
    `INSERT INTO log_source_status (account_id, project, source_id, kind, state, last_run_at, last_error, updated_at)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6 THEN $8::timestamptz END, $7, $8)
     ON CONFLICT (account_id, project, source_id) DO UPDATE SET kind = EXCLUDED.kind, state = EXCLUDED.state,
       last_run_at = CASE WHEN $6 THEN $8::timestamptz ELSE log_source_status.last_run_at END,
       last_error = CASE WHEN $7::text IS NOT NULL OR EXCLUDED.state = 'running' THEN $7 ELSE log_source_status.last_error END,
       updated_at = EXCLUDED.updated_at`,
    [
      report.accountId,
      report.project,
      report.sourceId,
      report.kind,
      report.state,
      report.ran === true,
      error,
      now.toISOString(),
    ],
  );
}
