import type { PayloadOf, StoredEventOf } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { SessionOutcomes1764400031417 } from './session-outcomes.migration';

/**
 * session_outcomes: the latest SessionOutcomeRecorded of each session. A transcript re-read, or the
 * loop re-judging a verdict against git, records a new event; the newest one by stream order wins.
 * Text is stored as the log holds it, redacted (docs/redaction.md).
 */
export const sessionOutcomesProjection: Projection = {
  name: 'session-outcomes',
  handles: ['SessionOutcomeRecorded'],
  tables: ['session_outcomes'],
  migrations: [SessionOutcomes1764400031417],

  async apply(sql: Sql, stored: StoredEventOf): Promise<void> {
    const { event, seq } = stored;
    if (event.type !== 'SessionOutcomeRecorded' || !event.sessionId) return;
    const p = event.payload;
    await sql.query(
      `INSERT INTO session_outcomes (account_id, session_id, summary, first_user_turn, last_assistant_turn, files_read, files_edited,
         tools_called, commit_shas, started_at, ended_at, cwd, git_branch, outcome, recorded_at, event_id, last_seq)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       ON CONFLICT (account_id, session_id) DO UPDATE SET summary = EXCLUDED.summary, first_user_turn = EXCLUDED.first_user_turn,
         last_assistant_turn = EXCLUDED.last_assistant_turn, files_read = EXCLUDED.files_read, files_edited = EXCLUDED.files_edited,
         tools_called = EXCLUDED.tools_called, commit_shas = EXCLUDED.commit_shas, started_at = EXCLUDED.started_at,
         ended_at = EXCLUDED.ended_at, cwd = EXCLUDED.cwd, git_branch = EXCLUDED.git_branch, outcome = EXCLUDED.outcome,
         recorded_at = EXCLUDED.recorded_at, event_id = EXCLUDED.event_id, last_seq = EXCLUDED.last_seq
       WHERE session_outcomes.last_seq < EXCLUDED.last_seq`,
      [
        event.accountId,
        event.sessionId,
        p.summary,
        p.firstUserTurn,
        p.lastAssistantTurn,
        JSON.stringify(p.filesRead),
        JSON.stringify(p.filesEdited),
        JSON.stringify(p.toolsCalled),
        JSON.stringify(p.commitShas),
        p.startedAt ?? null,
        p.endedAt ?? null,
        p.cwd ?? null,
        p.gitBranch ?? null,
        p.outcome,
        event.occurredAt,
        event.id,
        seq,
      ],
    );
  },
};

/** The columns a stored outcome is read back with, for the API and for re-judging it. */
export const OUTCOME_COLUMNS = `session_id, summary, first_user_turn, last_assistant_turn, files_read, files_edited, tools_called,
  commit_shas, started_at, ended_at, cwd, git_branch, outcome, recorded_at`;

/** A session_outcomes row back in the shape of the event that wrote it. */
export function outcomeFromRow(row: Record<string, any>): PayloadOf<'SessionOutcomeRecorded'> {
  return {
    summary: row.summary,
    firstUserTurn: row.first_user_turn,
    lastAssistantTurn: row.last_assistant_turn,
    filesRead: row.files_read,
    filesEdited: row.files_edited,
    toolsCalled: row.tools_called,
    commitShas: row.commit_shas,
    ...(row.started_at ? { startedAt: new Date(row.started_at).toISOString() } : {}),
    ...(row.ended_at ? { endedAt: new Date(row.ended_at).toISOString() } : {}),
    ...(row.cwd ? { cwd: row.cwd } : {}),
    ...(row.git_branch ? { gitBranch: row.git_branch } : {}),
    outcome: row.outcome,
  };
}
