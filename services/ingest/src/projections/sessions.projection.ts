import type { PayloadOf, StoredEvent } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { Sessions1764400000100 } from './sessions.migration';

/**
 * sessions and turns: what was said, redacted, per session. Writes are keyed by natural ids and
 * guarded by `last_seq`, so a redelivered or late event never overwrites newer state.
 */
export const sessionsProjection: Projection = {
  name: 'sessions',
  handles: ['SessionStarted', 'SessionEnded', 'TurnRecorded'],
  tables: ['sessions', 'turns'],
  migrations: [Sessions1764400000100],

  async apply(sql: Sql, stored: StoredEvent): Promise<void> {
    const { event, seq } = stored;
    switch (event.type) {
      case 'SessionStarted': {
        const p = event.payload as PayloadOf<'SessionStarted'>;
        await sql.query(
          `INSERT INTO sessions (account_id, id, source, title, cwd, git_branch, developer, started_at, started_seq, last_seq)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
           ON CONFLICT (account_id, id) DO UPDATE SET source = EXCLUDED.source, title = EXCLUDED.title, cwd = EXCLUDED.cwd,
             git_branch = EXCLUDED.git_branch, developer = EXCLUDED.developer, started_at = EXCLUDED.started_at,
             started_seq = EXCLUDED.started_seq, last_seq = GREATEST(sessions.last_seq, EXCLUDED.last_seq)
           WHERE coalesce(sessions.started_seq, 0) < EXCLUDED.started_seq`,
          [event.accountId, event.sessionId, p.source, p.title ?? null, p.cwd ?? null, p.gitBranch ?? null, p.developer ?? null, event.occurredAt, seq],
        );
        return;
      }
      case 'SessionEnded': {
        const p = event.payload as PayloadOf<'SessionEnded'>;
        await sql.query(
          `INSERT INTO sessions (account_id, id, ended_at, end_reason, ended_seq, last_seq) VALUES ($1, $2, $3, $4, $5, $5)
           ON CONFLICT (account_id, id) DO UPDATE SET ended_at = EXCLUDED.ended_at, end_reason = EXCLUDED.end_reason,
             ended_seq = EXCLUDED.ended_seq, last_seq = GREATEST(sessions.last_seq, EXCLUDED.last_seq)
           WHERE coalesce(sessions.ended_seq, 0) < EXCLUDED.ended_seq`,
          [event.accountId, event.sessionId, event.occurredAt, p.reason ?? null, seq],
        );
        return;
      }
      case 'TurnRecorded': {
        const p = event.payload as PayloadOf<'TurnRecorded'>;
        await sql.query(
          `INSERT INTO turns (account_id, session_id, seq, role, text, tool_calls, is_sidechain, occurred_at, event_id, last_seq)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           ON CONFLICT (account_id, session_id, seq) DO UPDATE SET role = EXCLUDED.role, text = EXCLUDED.text,
             tool_calls = EXCLUDED.tool_calls, is_sidechain = EXCLUDED.is_sidechain, occurred_at = EXCLUDED.occurred_at,
             event_id = EXCLUDED.event_id, last_seq = EXCLUDED.last_seq
           WHERE turns.last_seq < EXCLUDED.last_seq`,
          [event.accountId, event.sessionId, p.seq, p.role, p.text, p.toolCalls ? JSON.stringify(p.toolCalls) : null, p.isSidechain ?? false, event.occurredAt, event.id, seq],
        );
        return;
      }
    }
  },
};
