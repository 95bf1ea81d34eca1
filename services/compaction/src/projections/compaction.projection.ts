import type { PayloadOf, StoredEvent } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { settledAs } from '../domain/compaction-outcome';
import { CompactionSettled1764400006200 } from './compaction-settled.migration';
import { Compaction1764400006100 } from './compaction.migration';

/**
 * segment_pauses (with how each settled), segment_summaries, quiet_extractions and session_activity.
 * The summary is the model's answer as the reactor recorded it in SegmentCompacted, so a replay
 * rebuilds it from the log without a model call. One checkpoint covers them all, so a reactor that
 * waits for it sees pauses, outcomes and summaries alike.
 */
export const compactionProjection: Projection = {
  name: 'compaction',
  handles: ['TurnRecorded', 'SegmentPaused', 'SegmentCompacted', 'CompactionSkipped', 'CompactionFailed', 'SessionQuietExtracted'],
  tables: ['segment_pauses', 'segment_summaries', 'quiet_extractions', 'session_activity'],
  migrations: [Compaction1764400006100, CompactionSettled1764400006200],

  async apply(sql: Sql, stored: StoredEvent): Promise<void> {
    const { event, seq } = stored;
    if (!event.sessionId) return;
    switch (event.type) {
      case 'TurnRecorded':
        await touchActivity(sql, event.accountId, event.sessionId, seq, { turnAt: event.occurredAt });
        return;
      case 'CompactionSkipped':
      case 'CompactionFailed': {
        const p = event.payload as PayloadOf<'CompactionSkipped'>;
        await settle(sql, event.accountId, event.sessionId, p.segment, settledAs(event.type, p), seq);
        return;
      }
      case 'SegmentPaused': {
        const p = event.payload as PayloadOf<'SegmentPaused'>;
        // A segment paused twice (a producer retry under a new id) keeps its first pause: its turns were already summarized.
        await sql.query(
          `INSERT INTO segment_pauses (account_id, session_id, segment, paused_at, paused_seq, last_seq)
           VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (account_id, session_id, segment) DO NOTHING`,
          [event.accountId, event.sessionId, p.segment, event.occurredAt, seq],
        );
        await touchActivity(sql, event.accountId, event.sessionId, seq, { pauseAt: event.occurredAt, readThrough: seq });
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
        await settle(sql, event.accountId, event.sessionId, p.segment, 'SegmentCompacted', seq);
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
        await touchActivity(sql, event.accountId, event.sessionId, seq, { readThrough: p.throughSeq });
        return;
      }
    }
  },
};

/** A pause's outcome; the first one recorded stands (a redelivered reaction writes the same one). */
async function settle(sql: Sql, accountId: string, sessionId: string, segment: number, settled: string, seq: number): Promise<void> {
  await sql.query(
    `UPDATE segment_pauses SET settled = $4, settled_seq = $5
     WHERE account_id = $1 AND session_id = $2 AND segment = $3 AND (settled_seq IS NULL OR settled_seq > $5)`,
    [accountId, sessionId, segment, settled, seq],
  );
}

/**
 * Per-session activity for the quiet-time sweep. Every column only grows (GREATEST), so applying an
 * event twice, or on top of the rows the migration filled from existing read models, ends the same.
 */
async function touchActivity(
  sql: Sql,
  accountId: string,
  sessionId: string,
  seq: number,
  change: { turnAt?: string; pauseAt?: string; readThrough?: number },
): Promise<void> {
  await sql.query(
    `INSERT INTO session_activity AS a (account_id, session_id, last_turn_seq, last_turn_at, last_pause_at, read_through_seq, last_seq)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (account_id, session_id) DO UPDATE SET
       last_turn_seq = GREATEST(a.last_turn_seq, EXCLUDED.last_turn_seq),
       last_turn_at = GREATEST(a.last_turn_at, EXCLUDED.last_turn_at),
       last_pause_at = GREATEST(a.last_pause_at, EXCLUDED.last_pause_at),
       read_through_seq = GREATEST(a.read_through_seq, EXCLUDED.read_through_seq),
       last_seq = GREATEST(a.last_seq, EXCLUDED.last_seq)`,
    [accountId, sessionId, change.turnAt ? seq : 0, change.turnAt ?? null, change.pauseAt ?? null, change.readThrough ?? 0, seq],
  );
}
