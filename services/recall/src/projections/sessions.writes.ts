import type { StoredEventOf } from '@mnemo/contracts';
import { newestPerKey, type Sql } from '@mnemo/persistence';
import { redact } from '@mnemo/redaction';

export type SessionEvent = StoredEventOf<
  'SessionStarted' | 'SessionOutcomeRecorded' | 'SegmentCompacted' | 'SessionLessonsRecorded'
>;

const clean = (text: string | undefined | null): string | null =>
  text == null ? null : redact(text).text;
const cleanAll = (texts: readonly string[]): string[] => texts.map((text) => redact(text).text);

/**
 * One row per session: who and where (SessionStarted), how it ended (the ingest's
 * SessionOutcomeRecorded), its latest compaction summary and its lessons. Each part has its own
 * sequence guard, so a redelivered or late event never overwrites a newer one of its kind.
 */
export async function upsertSession(sql: Sql, stored: SessionEvent): Promise<void> {
  const { event, seq } = stored;
  const key = [event.accountId, event.sessionId];
  switch (event.type) {
    case 'SessionStarted': {
      const p = event.payload;
      await sql.query(
        `INSERT INTO recall_sessions AS s (account_id, session_id, source, title, cwd, developer, project, started_at, started_seq, last_seq)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
         ON CONFLICT (account_id, session_id) DO UPDATE SET source = EXCLUDED.source, title = EXCLUDED.title, cwd = EXCLUDED.cwd,
           developer = EXCLUDED.developer, project = EXCLUDED.project, started_at = EXCLUDED.started_at,
           started_seq = EXCLUDED.started_seq, last_seq = GREATEST(s.last_seq, EXCLUDED.last_seq)
         WHERE s.started_seq < EXCLUDED.started_seq`,
        // an unnamed project falls back to the working directory: the closest thing to a repository the event holds
        [
          ...key,
          clean(p.source),
          clean(p.title),
          clean(p.cwd),
          clean(p.developer),
          clean(p.project ?? p.cwd),
          event.occurredAt,
          seq,
        ],
      );
      return;
    }
    case 'SessionOutcomeRecorded': {
      const p = event.payload;
      await sql.query(
        `INSERT INTO recall_sessions AS s (account_id, session_id, cwd, project, started_at, ended_at, summary, files_read, files_edited,
           commit_shas, outcome, outcome_seq, last_seq)
         VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
         ON CONFLICT (account_id, session_id) DO UPDATE SET cwd = coalesce(s.cwd, EXCLUDED.cwd), project = coalesce(s.project, EXCLUDED.project),
           started_at = coalesce(s.started_at, EXCLUDED.started_at), ended_at = EXCLUDED.ended_at, summary = EXCLUDED.summary,
           files_read = EXCLUDED.files_read, files_edited = EXCLUDED.files_edited, commit_shas = EXCLUDED.commit_shas,
           outcome = EXCLUDED.outcome, outcome_seq = EXCLUDED.outcome_seq, last_seq = GREATEST(s.last_seq, EXCLUDED.last_seq)
         WHERE s.outcome_seq < EXCLUDED.outcome_seq`,
        [
          ...key,
          clean(p.cwd),
          p.startedAt ?? null,
          p.endedAt ?? event.occurredAt,
          clean(p.summary),
          cleanAll(p.filesRead),
          cleanAll(p.filesEdited),
          p.commitShas,
          p.outcome,
          seq,
        ],
      );
      return;
    }
    case 'SegmentCompacted':
      await sql.query(
        `INSERT INTO recall_sessions AS s (account_id, session_id, compaction_summary, summary_seq, last_seq) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (account_id, session_id) DO UPDATE SET compaction_summary = EXCLUDED.compaction_summary,
           summary_seq = EXCLUDED.summary_seq, last_seq = GREATEST(s.last_seq, EXCLUDED.last_seq)
         WHERE s.summary_seq < EXCLUDED.summary_seq`,
        [...key, clean(event.payload.summary), seq],
      );
      return;
    case 'SessionLessonsRecorded':
      await sql.query(
        `INSERT INTO recall_sessions AS s (account_id, session_id, lessons, lessons_seq, last_seq) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (account_id, session_id) DO UPDATE SET lessons = EXCLUDED.lessons, lessons_seq = EXCLUDED.lessons_seq,
           last_seq = GREATEST(s.last_seq, EXCLUDED.last_seq)
         WHERE s.lessons_seq < EXCLUDED.lessons_seq`,
        [...key, cleanAll(event.payload.lessons), seq],
      );
      return;
    default: {
      const unhandled: never = event;
      throw new Error(`recall sessions: unhandled ${(unhandled as { type: string }).type}`);
    }
  }
}

/**
 * The compaction summaries of many SegmentCompacted events in one upsert: the newest per session, which
 * the `summary_seq` guard keeps as one by one. Its columns are its own (and `last_seq` only grows), so
 * writing them after the batch's other events of a session leaves the row those events leave in order.
 */
export async function upsertCompactionSummaries(
  sql: Sql,
  events: ReadonlyArray<StoredEventOf<'SegmentCompacted'>>,
): Promise<void> {
  const newest = newestPerKey(
    events.filter(({ event }) => event.sessionId),
    ({ event }) => JSON.stringify([event.accountId, event.sessionId]),
  );
  if (newest.length === 0) return;
  await sql.query(
    `INSERT INTO recall_sessions AS s (account_id, session_id, compaction_summary, summary_seq, last_seq)
     SELECT a, sid, summary, seq, seq FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS c(a, sid, summary, seq)
     ON CONFLICT (account_id, session_id) DO UPDATE SET compaction_summary = EXCLUDED.compaction_summary,
       summary_seq = EXCLUDED.summary_seq, last_seq = GREATEST(s.last_seq, EXCLUDED.last_seq)
     WHERE s.summary_seq < EXCLUDED.summary_seq`,
    [
      newest.map(({ event }) => event.accountId),
      newest.map(({ event }) => event.sessionId),
      newest.map(({ event }) => clean(event.payload.summary)),
      newest.map(({ seq }) => seq),
    ],
  );
}
