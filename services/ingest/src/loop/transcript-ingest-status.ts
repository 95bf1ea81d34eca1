import type { TranscriptIngestStatus } from '@mnemo/contracts';
import { redact } from '@mnemo/redaction';
import type { IngestConfig } from '../ingest.config';
import type { Queryable } from './transcript-run-event';

/** The watermark in force: that of the newest completed run for this account and root. */
export async function readWatermark(
  db: Queryable,
  accountId: string,
  root: string,
): Promise<Date | null> {
  const rows: Array<{ watermark: Date | null }> = await db.query(
    `SELECT watermark FROM transcript_ingest_runs
     WHERE account_id = $1 AND root = $2 AND status = 'completed'
     ORDER BY finished_at DESC, last_seq DESC LIMIT 1`,
    [accountId, redact(root).text],
  );
  const value = rows[0]?.watermark;
  return value ? new Date(value) : null;
}

/** The loop's state for the operations page: its settings, the last run, and when the next is due. */
export async function readIngestStatus(
  db: Queryable,
  config: IngestConfig,
  accountId: string,
  now: () => Date,
): Promise<TranscriptIngestStatus> {
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT run_id, trigger, status, started_at, finished_at, duration_ms, sessions, turns, error
     FROM transcript_ingest_runs WHERE account_id = $1 ORDER BY finished_at DESC, last_seq DESC LIMIT 1`,
    [accountId],
  );
  const last = rows[0];
  const watermark = await readWatermark(db, accountId, config.root);
  const iso = (value: unknown) => new Date(value as string).toISOString();
  let nextRunAt: string | null = null;
  if (config.enabled) {
    // the loop runs once the interval has passed since the last attempt; never-run means due now
    const due = last ? new Date(last.started_at).getTime() + config.intervalMs : now().getTime();
    nextRunAt = new Date(Math.max(due, now().getTime())).toISOString();
  }
  return {
    enabled: config.enabled,
    intervalHours: config.intervalMs / 3_600_000,
    root: config.root,
    accountId,
    watermark: watermark ? watermark.toISOString() : null,
    lastRun: last
      ? {
          runId: last.run_id,
          trigger: last.trigger,
          status: last.status,
          startedAt: iso(last.started_at),
          finishedAt: iso(last.finished_at),
        }
      : null,
    lastRunAt: last ? iso(last.started_at) : null,
    lastCount: last ? last.sessions : null,
    lastTurns: last ? last.turns : null,
    lastDurationMs: last ? last.duration_ms : null,
    lastError: last?.error ?? null,
    nextRunAt,
  };
}
