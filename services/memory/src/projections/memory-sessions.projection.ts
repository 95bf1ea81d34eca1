import type { StoredEventOf } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { settledAs } from '../domain/extraction-window';
import { MemorySessions1764400005500 } from './memory-sessions.migration';
import { SegmentPausesOrder1764400005600 } from './segment-pauses-order.migration';

/**
 * What memory keeps per session to bound its extractions: segment_pauses (with how each settled),
 * quiet_extractions and session_activity. Built from the events, not from ingest's or compaction's
 * tables; under its own checkpoint, so a reactor that waits for it sees pauses and outcomes alike, and
 * the facts API's read-your-writes wait on `memory` never waits behind the turns this one counts.
 */
export const memorySessionsProjection: Projection = {
  name: 'memory-sessions',
  handles: [
    'TurnRecorded',
    'SegmentPaused',
    'SegmentCompacted',
    'CompactionSkipped',
    'CompactionFailed',
    'SessionQuietExtracted',
  ],
  tables: ['segment_pauses', 'quiet_extractions', 'session_activity'],
  migrations: [MemorySessions1764400005500, SegmentPausesOrder1764400005600],

  /**
   * A batch touches session_activity in one statement, one row per session, instead of one statement
   * per turn, pause and quiet extraction (a replay of 20,000 events spent 38 s on the turns alone):
   * every column only grows, so the batch's highest values per session leave the row one-by-one would.
   */
  async applyMany(sql: Sql, events: StoredEventOf[]): Promise<void> {
    const activity: Activity[] = [];
    for (const stored of events) await applyEvent(sql, stored, activity);
    await touchActivities(sql, activity);
  },

  async apply(sql: Sql, stored: StoredEventOf): Promise<void> {
    const activity: Activity[] = [];
    await applyEvent(sql, stored, activity);
    await touchActivities(sql, activity);
  },
};

/** What an event moves in its session's session_activity row (touchActivities writes it). */
interface Activity {
  accountId: string;
  sessionId: string;
  seq: number;
  turnAt?: string;
  pauseAt?: string;
  readThrough?: number;
}

/** Writes an event's rows in segment_pauses and quiet_extractions; its activity goes to `activity`. */
async function applyEvent(sql: Sql, stored: StoredEventOf, activity: Activity[]): Promise<void> {
  const { event, seq } = stored;
  if (!event.sessionId) return;
  const session = { accountId: event.accountId, sessionId: event.sessionId, seq };
  switch (event.type) {
    case 'TurnRecorded':
      activity.push({ ...session, turnAt: event.occurredAt });
      return;
    case 'SegmentCompacted':
    case 'CompactionSkipped':
    case 'CompactionFailed': {
      const reason = event.type === 'SegmentCompacted' ? undefined : event.payload.reason;
      const outcome = settledAs(event.type, { reason });
      await settle(sql, event.accountId, event.sessionId, event.payload.segment, outcome, seq);
      return;
    }
    case 'SegmentPaused': {
      const p = event.payload;
      // A segment paused twice (a producer retry under a new id) keeps its first pause: its turns were already read.
      // The row may exist already, made by the outcome of the pause when that was applied first (see settle).
      await sql.query(
        `INSERT INTO segment_pauses (account_id, session_id, segment, paused_at, paused_seq, last_seq)
           VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (account_id, session_id, segment) DO UPDATE
             SET paused_at = EXCLUDED.paused_at, paused_seq = EXCLUDED.paused_seq, last_seq = GREATEST(segment_pauses.last_seq, EXCLUDED.last_seq)
           WHERE segment_pauses.paused_seq IS NULL OR segment_pauses.paused_seq > EXCLUDED.paused_seq`,
        [event.accountId, event.sessionId, p.segment, event.occurredAt, seq],
      );
      activity.push({ ...session, pauseAt: event.occurredAt, readThrough: seq });
      return;
    }
    case 'SessionQuietExtracted': {
      const p = event.payload;
      await sql.query(
        `INSERT INTO quiet_extractions (account_id, session_id, through_seq, last_turn_at, outcome, last_seq)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (account_id, session_id) DO UPDATE SET through_seq = EXCLUDED.through_seq, last_turn_at = EXCLUDED.last_turn_at,
             outcome = EXCLUDED.outcome, last_seq = EXCLUDED.last_seq
           WHERE quiet_extractions.last_seq < EXCLUDED.last_seq AND quiet_extractions.through_seq <= EXCLUDED.through_seq`,
        [event.accountId, event.sessionId, p.throughSeq, p.lastTurnAt, p.outcome, seq],
      );
      activity.push({ ...session, readThrough: p.throughSeq });
      return;
    }
  }
}

/**
 * A pause's outcome; the first one recorded stands (a redelivered reaction writes the same one). Two
 * instances apply batches side by side, so the outcome may come before its pause: it makes the row then,
 * and the pause fills it in. Either order ends in the same row, as a replay (in log order) writes it.
 */
async function settle(
  sql: Sql,
  accountId: string,
  sessionId: string,
  segment: number,
  settled: string,
  seq: number,
): Promise<void> {
  await sql.query(
    `INSERT INTO segment_pauses (account_id, session_id, segment, settled, settled_seq, last_seq) VALUES ($1, $2, $3, $4, $5, $5)
     ON CONFLICT (account_id, session_id, segment) DO UPDATE
       SET settled = EXCLUDED.settled, settled_seq = EXCLUDED.settled_seq, last_seq = GREATEST(segment_pauses.last_seq, EXCLUDED.last_seq)
     WHERE segment_pauses.settled_seq IS NULL OR segment_pauses.settled_seq > EXCLUDED.settled_seq`,
    [accountId, sessionId, segment, settled, seq],
  );
}

/**
 * Per-session activity for the quiet-time sweep, for many events in one statement: each session's
 * highest values, rows in key order. Every column only grows (GREATEST, which passes over NULL), so
 * applying an event twice, or on top of rows an older deployment's projection wrote, ends the same.
 */
async function touchActivities(sql: Sql, activity: readonly Activity[]): Promise<void> {
  if (activity.length === 0) return;
  await sql.query(
    `INSERT INTO session_activity AS a (account_id, session_id, last_turn_seq, last_turn_at, last_pause_at, read_through_seq, last_seq)
     SELECT account_id, session_id, max(turn_seq), max(turn_at), max(pause_at), max(read_through), max(seq)
     FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::timestamptz[], $6::timestamptz[], $7::bigint[])
       AS t(account_id, session_id, seq, turn_seq, turn_at, pause_at, read_through)
     GROUP BY account_id, session_id ORDER BY account_id, session_id
     ON CONFLICT (account_id, session_id) DO UPDATE SET
       last_turn_seq = GREATEST(a.last_turn_seq, EXCLUDED.last_turn_seq),
       last_turn_at = GREATEST(a.last_turn_at, EXCLUDED.last_turn_at),
       last_pause_at = GREATEST(a.last_pause_at, EXCLUDED.last_pause_at),
       read_through_seq = GREATEST(a.read_through_seq, EXCLUDED.read_through_seq),
       last_seq = GREATEST(a.last_seq, EXCLUDED.last_seq)`,
    [
      activity.map((a) => a.accountId),
      activity.map((a) => a.sessionId),
      activity.map((a) => a.seq),
      activity.map((a) => (a.turnAt ? a.seq : 0)),
      activity.map((a) => a.turnAt ?? null),
      activity.map((a) => a.pauseAt ?? null),
      activity.map((a) => a.readThrough ?? 0),
    ],
  );
}
