import type { PayloadOf, StoredEvent } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { Compaction1764400006100 } from './compaction.migration';

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

  async apply(sql: Sql, stored: StoredEvent): Promise<void> {
    const { event, seq } = stored;
    if (!event.sessionId || event.type !== 'SegmentCompacted') return;
    const p = event.payload as PayloadOf<'SegmentCompacted'>;
    await sql.query(
      `INSERT INTO segment_summaries (account_id, session_id, segment, summary, model, input_tokens, output_tokens, created_at, last_seq)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (account_id, session_id, segment) DO UPDATE SET summary = EXCLUDED.summary, model = EXCLUDED.model,
         input_tokens = EXCLUDED.input_tokens, output_tokens = EXCLUDED.output_tokens, created_at = EXCLUDED.created_at,
         last_seq = EXCLUDED.last_seq
       WHERE segment_summaries.last_seq < EXCLUDED.last_seq`,
      [
        event.accountId,
        event.sessionId,
        p.segment,
        p.summary,
        p.model,
        p.inputTokens,
        p.outputTokens,
        event.occurredAt,
        seq,
      ],
    );
  },
};
