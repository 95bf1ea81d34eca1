import { isStoredOf, type StoredEventOf } from '@mnemo/contracts';
import { newestPerKey, type Sql } from '@mnemo/persistence';

export const STATS_EVENTS = [
  'MemoryFactExtracted',
  'MemoryFactCreated',
  'MemoryFactDeleted',
  'FactSuperseded',
  'TranscriptIngestRunCompleted',
  'TranscriptIngestRunFailed',
  'LlmCallSettled',
] as const;

const FACT_EVENTS = [
  'MemoryFactExtracted',
  'MemoryFactCreated',
  'MemoryFactDeleted',
  'FactSuperseded',
] as const;

/**
 * Many stats events in a few statements (a replay meets one spend event per model call): spend in one
 * insert, where the first row of an event id and pool stays as one by one; memory ids in one upsert of
 * the newest event per fact, which the `last_seq` guard keeps as one by one; the rare others in order.
 */
export async function applyStatsEvents(sql: Sql, events: readonly StoredEventOf[]): Promise<void> {
  const spend: Array<[string, string, string, string, number, number]> = [];
  const facts: Array<StoredEventOf<(typeof FACT_EVENTS)[number]>> = [];
  for (const stored of events) {
    const { event, seq } = stored;
    if (event.type === 'LlmCallSettled') {
      const p = event.payload;
      for (const pool of p.pools)
        spend.push([event.accountId, event.id, p.day, pool, p.costUsd, seq]);
    } else if (isStoredOf(stored, FACT_EVENTS)) facts.push(stored);
    else await applyStatsEvent(sql, stored);
  }
  if (spend.length > 0)
    await sql.query(
      `INSERT INTO recall_spend (account_id, event_id, day, pool, cost_usd, last_seq)
       SELECT * FROM unnest($1::text[], $2::text[], $3::date[], $4::text[], $5::numeric[], $6::bigint[])
       ON CONFLICT DO NOTHING`,
      [0, 1, 2, 3, 4, 5].map((i) => spend.map((row) => row[i])),
    );
  const newest = newestPerKey(facts, ({ event }) =>
    JSON.stringify([event.accountId, event.payload.factId]),
  );
  if (newest.length > 0)
    await sql.query(
      `INSERT INTO recall_memory_ids AS m (account_id, fact_id, live, last_seq)
       SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[], $4::bigint[])
       ON CONFLICT (account_id, fact_id) DO UPDATE SET live = EXCLUDED.live, last_seq = EXCLUDED.last_seq WHERE m.last_seq < EXCLUDED.last_seq`,
      [
        newest.map(({ event }) => event.accountId),
        newest.map(({ event }) => event.payload.factId),
        newest.map(
          ({ event }) => event.type === 'MemoryFactExtracted' || event.type === 'MemoryFactCreated',
        ),
        newest.map(({ seq }) => seq),
      ],
    );
}

/** The numbers recall's stats show about other services, from their events. */
export async function applyStatsEvent(sql: Sql, stored: StoredEventOf): Promise<void> {
  const { event, seq } = stored;
  switch (event.type) {
    case 'MemoryFactExtracted':
    case 'MemoryFactCreated':
    case 'MemoryFactDeleted':
    case 'FactSuperseded': {
      const { factId } = event.payload;
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
      const p = event.payload;
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
          event.type === 'TranscriptIngestRunFailed' ? event.payload.error : null,
          seq,
        ],
      );
      return;
    }
    case 'LlmCallSettled': {
      const p = event.payload;
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
