import { isStoredOf, storedOf, type StoredEventOf } from '@mnemo/contracts';
import { newestPerKey, type Projection, type Sql } from '@mnemo/persistence';
import { Sessions1764400000100 } from './sessions.migration';
import { SessionsPerson1764400031500 } from './sessions-person.migration';
import { SessionsProject1764400031510 } from './sessions-project.migration';
import { TurnsUnsearched1764900000400 } from './turns-unsearched.migration';
import { upsertTurns } from './turns-bulk';
import { TurnsReplayLoader } from './turns-replay.loader';

/**
 * sessions and turns: what was said, per session, as the log holds it (redacted by the redaction
 * service, docs/redaction.md). Writes are keyed by natural ids and guarded by `last_seq`, so a
 * redelivered or late event never overwrites newer state.
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

  /** Turns, the bulk of the log, go in one statement per batch; session starts and ends in one each. */
  async applyMany(sql: Sql, events: StoredEventOf[]): Promise<void> {
    const turns = storedOf(events, 'TurnRecorded');
    await upsertSessions(sql, events);
    await upsertTurns(sql, turns);
  },

  replayLoader() {
    return new TurnsReplayLoader((sql, events) => upsertSessions(sql, events));
  },

  async apply(sql: Sql, stored: StoredEventOf): Promise<void> {
    if (isStoredOf(stored, ['TurnRecorded'])) await upsertTurns(sql, [stored]);
    else await upsertSessions(sql, [stored]);
  },
};

/**
 * The session rows of many events: the starts in one upsert and the ends in another, each the newest
 * event per session, which its own sequence guard keeps as one by one. A start and an end write
 * columns of their own (and `last_seq` only grows), so either may come first and the row is the same.
 */
async function upsertSessions(sql: Sql, events: StoredEventOf[]): Promise<void> {
  const key = ({ event }: StoredEventOf) => JSON.stringify([event.accountId, event.sessionId]);
  const starts = newestPerKey(storedOf(events, 'SessionStarted'), key);
  const ends = newestPerKey(storedOf(events, 'SessionEnded'), key);
  if (starts.length)
    await sql.query(
      `INSERT INTO sessions (account_id, id, source, title, cwd, git_branch, developer, started_at, started_seq, last_seq, person_name, person_role, project)
       SELECT a, id, source, title, cwd, git_branch, developer, started_at, seq, seq, person_name, person_role, project
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[], $9::bigint[], $10::text[], $11::text[], $12::text[])
         AS s(a, id, source, title, cwd, git_branch, developer, started_at, seq, person_name, person_role, project)
       ON CONFLICT (account_id, id) DO UPDATE SET source = EXCLUDED.source, title = EXCLUDED.title, cwd = EXCLUDED.cwd,
         git_branch = EXCLUDED.git_branch, developer = EXCLUDED.developer, started_at = EXCLUDED.started_at,
         person_name = EXCLUDED.person_name, person_role = EXCLUDED.person_role, project = EXCLUDED.project,
         started_seq = EXCLUDED.started_seq, last_seq = GREATEST(sessions.last_seq, EXCLUDED.last_seq)
       WHERE coalesce(sessions.started_seq, 0) < EXCLUDED.started_seq`,
      [
        starts.map(({ event }) => event.accountId),
        starts.map(({ event }) => event.sessionId),
        starts.map(({ event }) => event.payload.source),
        starts.map(({ event }) => event.payload.title ?? null),
        starts.map(({ event }) => event.payload.cwd ?? null),
        starts.map(({ event }) => event.payload.gitBranch ?? null),
        starts.map(({ event }) => event.payload.developer ?? null),
        starts.map(({ event }) => event.occurredAt),
        starts.map(({ seq }) => seq),
        starts.map(({ event }) => event.payload.personName ?? null),
        starts.map(({ event }) => event.payload.personRole ?? null),
        starts.map(({ event }) => event.payload.project ?? null),
      ],
    );
  if (ends.length)
    await sql.query(
      `INSERT INTO sessions (account_id, id, ended_at, end_reason, ended_seq, last_seq)
       SELECT a, id, ended_at, reason, seq, seq
       FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::bigint[]) AS e(a, id, ended_at, reason, seq)
       ON CONFLICT (account_id, id) DO UPDATE SET ended_at = EXCLUDED.ended_at, end_reason = EXCLUDED.end_reason,
         ended_seq = EXCLUDED.ended_seq, last_seq = GREATEST(sessions.last_seq, EXCLUDED.last_seq)
       WHERE coalesce(sessions.ended_seq, 0) < EXCLUDED.ended_seq`,
      [
        ends.map(({ event }) => event.accountId),
        ends.map(({ event }) => event.sessionId),
        ends.map(({ event }) => event.occurredAt),
        ends.map(({ event }) => event.payload.reason ?? null),
        ends.map(({ seq }) => seq),
      ],
    );
}
