import type { StoredEventOf } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { TranscriptIngestRuns1764400031418 } from './transcript-ingest-runs.migration';

/**
 * transcript_ingest_runs: one row per ingest run. The loop's state lives here, not in memory, so the
 * watermark survives a restart: it is the watermark of the newest completed run; a failed run has none.
 */
export const transcriptIngestRunsProjection: Projection<
  'TranscriptIngestRunCompleted' | 'TranscriptIngestRunFailed'
> = {
  name: 'transcript-ingest-runs',
  handles: ['TranscriptIngestRunCompleted', 'TranscriptIngestRunFailed'],
  tables: ['transcript_ingest_runs'],
  migrations: [TranscriptIngestRuns1764400031418],

  async apply(
    sql: Sql,
    stored: StoredEventOf<'TranscriptIngestRunCompleted' | 'TranscriptIngestRunFailed'>,
  ): Promise<void> {
    const { event, seq } = stored;
    const p = event.payload;
    const failed = event.type === 'TranscriptIngestRunFailed';
    const watermark =
      event.type === 'TranscriptIngestRunCompleted' ? event.payload.watermark : undefined;
    const error = event.type === 'TranscriptIngestRunFailed' ? event.payload.error : undefined;
    await sql.query(
      `INSERT INTO transcript_ingest_runs (account_id, run_id, trigger, root, status, started_at, finished_at, duration_ms, since,
         watermark, files, sessions, turns, events, skipped_files, skipped_lines, outcomes_updated, error, last_seq)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
       ON CONFLICT (account_id, run_id) DO UPDATE SET trigger = EXCLUDED.trigger, root = EXCLUDED.root, status = EXCLUDED.status,
         started_at = EXCLUDED.started_at, finished_at = EXCLUDED.finished_at, duration_ms = EXCLUDED.duration_ms,
         since = EXCLUDED.since, watermark = EXCLUDED.watermark, files = EXCLUDED.files, sessions = EXCLUDED.sessions,
         turns = EXCLUDED.turns, events = EXCLUDED.events, skipped_files = EXCLUDED.skipped_files,
         skipped_lines = EXCLUDED.skipped_lines, outcomes_updated = EXCLUDED.outcomes_updated, error = EXCLUDED.error,
         last_seq = EXCLUDED.last_seq
       WHERE transcript_ingest_runs.last_seq < EXCLUDED.last_seq`,
      [
        event.accountId,
        p.runId,
        p.trigger,
        p.root,
        failed ? 'failed' : 'completed',
        p.startedAt,
        p.finishedAt,
        p.durationMs,
        p.since ?? null,
        watermark ?? null,
        p.files,
        p.sessions,
        p.turns,
        p.events,
        p.skippedFiles,
        p.skippedLines,
        p.outcomesUpdated ?? 0,
        error ?? null,
        seq,
      ],
    );
  },
};
