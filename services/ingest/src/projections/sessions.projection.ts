import type { PayloadOf, StoredEvent } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { redact } from '@mnemo/redaction';
import { Sessions1764400000100 } from './sessions.migration';
import { SessionsPerson1764400031500 } from './sessions-person.migration';
import { SessionsProject1764400031510 } from './sessions-project.migration';
import { TurnsUnsearched1764900000400 } from './turns-unsearched.migration';
import { upsertTurns } from './turns-bulk';
import { TurnsReplayLoader } from './turns-replay.loader';

/**
 * sessions and turns: what was said, redacted, per session. Writes are keyed by natural ids and
 * guarded by `last_seq`, so a redelivered or late event never overwrites newer state. Text is
 * redacted again on the way into the table: defence in depth behind the redaction service.
 */
export const sessionsProjection: Projection = {
  name: 'sessions',
  handles: ['SessionStarted', 'SessionEnded', 'TurnRecorded'],
  tables: ['sessions', 'turns'],
  migrations: [
    Sessions1764400000100,
    SessionsPerson1764400031500,
    SessionsProject1764400031510,
    TurnsUnsearched1764900000400,
  ],

  /** Turns, the bulk of the log, go in one statement per batch; session events one by one. */
  async applyMany(sql: Sql, events: StoredEvent[]): Promise<void> {
    const turns = events.filter((stored) => stored.event.type === 'TurnRecorded') as Array<
      StoredEvent<'TurnRecorded', PayloadOf<'TurnRecorded'>>
    >;
    for (const stored of events)
      if (stored.event.type !== 'TurnRecorded') await this.apply(sql, stored);
    await upsertTurns(sql, turns);
  },

  replayLoader() {
    return new TurnsReplayLoader((sql, stored) => this.apply(sql, stored));
  },

  async apply(sql: Sql, stored: StoredEvent): Promise<void> {
    const { event, seq } = stored;
    switch (event.type) {
      case 'SessionStarted': {
        const p = event.payload as PayloadOf<'SessionStarted'>;
        await sql.query(
          `INSERT INTO sessions (account_id, id, source, title, cwd, git_branch, developer, started_at, started_seq, last_seq, person_name, person_role, project)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12)
           ON CONFLICT (account_id, id) DO UPDATE SET source = EXCLUDED.source, title = EXCLUDED.title, cwd = EXCLUDED.cwd,
             git_branch = EXCLUDED.git_branch, developer = EXCLUDED.developer, started_at = EXCLUDED.started_at,
             person_name = EXCLUDED.person_name, person_role = EXCLUDED.person_role, project = EXCLUDED.project,
             started_seq = EXCLUDED.started_seq, last_seq = GREATEST(sessions.last_seq, EXCLUDED.last_seq)
           WHERE coalesce(sessions.started_seq, 0) < EXCLUDED.started_seq`,
          [
            event.accountId,
            event.sessionId,
            redact(p.source).text,
            clean(p.title),
            clean(p.cwd),
            clean(p.gitBranch),
            clean(p.developer),
            event.occurredAt,
            seq,
            clean(p.personName),
            clean(p.personRole),
            clean(p.project),
          ],
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
          [event.accountId, event.sessionId, event.occurredAt, clean(p.reason), seq],
        );
        return;
      }
      case 'TurnRecorded':
        await upsertTurns(sql, [stored as StoredEvent<'TurnRecorded', PayloadOf<'TurnRecorded'>>]);
        return;
    }
  },
};

const clean = (value: string | undefined): string | null =>
  value === undefined ? null : redact(value).text;
