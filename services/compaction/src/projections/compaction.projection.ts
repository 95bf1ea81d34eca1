import type { StoredEventOf } from '@mnemo/contracts';
import { newestPerKey, type Projection, type Sql } from '@mnemo/persistence';
import { Compaction1764400006100 } from './compaction.migration';

type Compacted = StoredEventOf<'SegmentCompacted'>;

/**
 * segment_summaries: the model's answer as the reactor recorded it in SegmentCompacted, so a replay
 * rebuilds it from the log without a model call. How each pause settled, and what memory has read for
 * facts, are memory's own read model (memory-sessions).
 */
export const compactionProjection: Projection = {
  name: 'compaction',
  handles: ['SegmentCompacted'],
  tables: ['segment_summaries'],
  migrations: [Compaction1764400006100],

  /** A batch's summaries in one upsert: the newest event per segment, as the `last_seq` guard keeps one by one. */
  async applyMany(sql: Sql, events: StoredEventOf[]): Promise<void> {
    await upsertSummaries(sql, events);
  },

  async apply(sql: Sql, stored: StoredEventOf): Promise<void> {
    await upsertSummaries(sql, [stored]);
  },
};

async function upsertSummaries(sql: Sql, events: StoredEventOf[]): Promise<void> {
  const rows = newestPerKey(
    events.filter(
      (stored): stored is Compacted =>
        stored.event.type === 'SegmentCompacted' && Boolean(stored.event.sessionId),
    ),
    ({ event }) => JSON.stringify([event.accountId, event.sessionId, event.payload.segment]),
  );
  if (rows.length === 0) return;
  const column = <T>(pick: (stored: Compacted) => T) => rows.map(pick);
  await sql.query(
    `INSERT INTO segment_summaries (account_id, session_id, segment, summary, model, input_tokens, output_tokens, created_at, last_seq)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::int[], $7::int[], $8::timestamptz[], $9::bigint[])
     ON CONFLICT (account_id, session_id, segment) DO UPDATE SET summary = EXCLUDED.summary, model = EXCLUDED.model,
       input_tokens = EXCLUDED.input_tokens, output_tokens = EXCLUDED.output_tokens, created_at = EXCLUDED.created_at,
       last_seq = EXCLUDED.last_seq
     WHERE segment_summaries.last_seq < EXCLUDED.last_seq`,
    [
      column(({ event }) => event.accountId),
      column(({ event }) => event.sessionId),
      column(({ event }) => event.payload.segment),
      column(({ event }) => event.payload.summary),
      column(({ event }) => event.payload.model),
      column(({ event }) => event.payload.inputTokens),
      column(({ event }) => event.payload.outputTokens),
      column(({ event }) => event.occurredAt),
      column(({ seq }) => seq),
    ],
  );
}
