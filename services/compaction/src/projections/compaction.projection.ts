import type { PayloadOf, StoredEvent } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { Compaction1764400006100 } from './compaction.migration';

/**
 * segment_pauses, segment_summaries and quiet_extractions. The summary is the model's answer as the
 * reactor recorded it in SegmentCompacted, so a replay rebuilds it from the log without a model call.
 * One checkpoint covers the three, so a reactor that waits for it sees pauses and summaries alike.
 */
export const compactionProjection: Projection = {
  name: 'compaction',
  handles: ['SegmentPaused', 'SegmentCompacted', 'SessionQuietExtracted'],
  tables: ['segment_pauses', 'segment_summaries', 'quiet_extractions'],
  migrations: [Compaction1764400006100],

  async apply(sql: Sql, stored: StoredEvent): Promise<void> {
    const { event, seq } = stored;
    if (!event.sessionId) return;
    switch (event.type) {
      case 'SegmentPaused': {
        const p = event.payload as PayloadOf<'SegmentPaused'>;
        // A segment paused twice (a producer retry under a new id) keeps its first pause: its turns were already summarized.
        await sql.query(
          `INSERT INTO segment_pauses (account_id, session_id, segment, paused_at, paused_seq, last_seq)
           VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (account_id, session_id, segment) DO NOTHING`,
          [event.accountId, event.sessionId, p.segment, event.occurredAt, seq],
        );
        return;
      }
      case 'SegmentCompacted': {
        const p = event.payload as PayloadOf<'SegmentCompacted'>;
        await sql.query(
          `INSERT INTO segment_summaries (account_id, session_id, segment, summary, model, input_tokens, output_tokens, created_at, last_seq)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (account_id, session_id, segment) DO UPDATE SET summary = EXCLUDED.summary, model = EXCLUDED.model,
             input_tokens = EXCLUDED.input_tokens, output_tokens = EXCLUDED.output_tokens, created_at = EXCLUDED.created_at,
             last_seq = EXCLUDED.last_seq
           WHERE segment_summaries.last_seq < EXCLUDED.last_seq`,
          [event.accountId, event.sessionId, p.segment, p.summary, p.model, p.inputTokens, p.outputTokens, event.occurredAt, seq],
        );
        return;
      }
      case 'SessionQuietExtracted': {
        const p = event.payload as PayloadOf<'SessionQuietExtracted'>;
        await sql.query(
          `INSERT INTO quiet_extractions (account_id, session_id, through_seq, last_turn_at, outcome, last_seq)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (account_id, session_id) DO UPDATE SET through_seq = EXCLUDED.through_seq, last_turn_at = EXCLUDED.last_turn_at,
             outcome = EXCLUDED.outcome, last_seq = EXCLUDED.last_seq
           WHERE quiet_extractions.last_seq < EXCLUDED.last_seq AND quiet_extractions.through_seq <= EXCLUDED.through_seq`,
          [event.accountId, event.sessionId, p.throughSeq, p.lastTurnAt, p.outcome, seq],
        );
        return;
      }
    }
  },
};
