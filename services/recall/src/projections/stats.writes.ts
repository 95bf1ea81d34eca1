import type { PayloadOf, StoredEvent } from '@mnemo/contracts';
import type { Sql } from '@mnemo/persistence';

export const STATS_EVENTS = [
  'MemoryFactExtracted',
  'MemoryFactCreated',
  'MemoryFactDeleted',
  'FactSuperseded',
  'TranscriptIngestRunCompleted',
  'TranscriptIngestRunFailed',
  'LlmCallSettled',
] as const;

/** The numbers recall's stats show about other services, from their events. */
export async function applyStatsEvent(sql: Sql, stored: StoredEvent): Promise<void> {
  const { event, seq } = stored;
  switch (event.type) {
    case 'MemoryFactExtracted':
    case 'MemoryFactCreated':
    case 'MemoryFactDeleted':
    case 'FactSuperseded': {
      const { factId } = event.payload as { factId: string };
      const live = event.type === 'MemoryFactExtracted' || event.type === 'MemoryFactCreated';
      await sql.query(
        `INSERT INTO recall_memory_ids AS m (account_id, fact_id, live, last_seq) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id, fact_id) DO UPDATE SET live = EXCLUDED.live, last_seq = EXCLUDED.last_seq WHERE m.last_seq < EXCLUDED.last_seq`,
        [event.accountId, factId, live, seq],
      );
      return;
    }
    case 'TranscriptIngestRunCompleted':
    case 'TranscriptIngestRunFailed': {
      const p = event.payload as PayloadOf<'TranscriptIngestRunFailed'>;
      await sql.query(
        `INSERT INTO recall_ingest_runs (account_id, run_id, trigger, finished_at, duration_ms, sessions, error, last_seq)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (account_id, run_id) DO NOTHING`,
        [
          event.accountId,
          p.runId,
          p.trigger,
          p.finishedAt,
          p.durationMs,
          p.sessions,
          event.type === 'TranscriptIngestRunFailed' ? p.error : null,
          seq,
        ],
      );
      return;
    }
    case 'LlmCallSettled': {
      const p = event.payload as PayloadOf<'LlmCallSettled'>;
      // the whole cost counts against each pool the call reserved in, as the ledger counts it
      await sql.query(
        `INSERT INTO recall_spend (account_id, event_id, day, pool, cost_usd, last_seq)
         SELECT $1, $2, $3, pool, $5, $6 FROM unnest($4::text[]) AS pool ON CONFLICT DO NOTHING`,
        [event.accountId, event.id, p.day, p.pools, p.costUsd, seq],
      );
      return;
    }
  }
}
