import type { DataSource } from 'typeorm';
import {
  INGEST_RPC,
  SessionTurnRequest,
  SessionTurnsRequest,
  SessionWindowRequest,
  subjects,
  ValidationError,
  zodIssues,
  type SessionPerson,
  type SessionTurnReply,
  type SessionTurnsReply,
  type SessionWindowReply,
} from '@mnemo/contracts';
import type { z } from 'zod';
import type { EventLog, Subscription } from '@mnemo/eventing';
import { awaitCheckpoint } from '@mnemo/persistence';

/** Below the askers' request timeout, so a lagging read model is answered as such rather than as silence. */
const CHECKPOINT_WAIT_MS = 8_000;

/**
 * The turns read model's door for the services that read what was said. `session-turns` (compaction,
 * memory's extractions) answers once the sessions projection has applied the log through the window's
 * end: a pause may overtake the turns it ends, and the asker's retry comes back with a DependencyError
 * until they are there. `session-turn` (memory's remember button and remember_fact) reads one stored turn as it is now, by
 * its seq or, without one, the session's newest user turn. `session-window` (logs) says when a session ran.
 */
export async function startSessionTurnsResponder(infra: {
  log: EventLog;
  dataSource: DataSource;
}): Promise<Subscription[]> {
  const { log, dataSource } = infra;
  return [
    await log.reply(subjects.rpc('ingest', INGEST_RPC.sessionTurns), 'ingest', async (body) => {
      const window = parse(SessionTurnsRequest, body);
      await awaitCheckpoint(dataSource, 'sessions', window.throughSeq, CHECKPOINT_WAIT_MS);
      return readSessionTurns(dataSource, window);
    }),
    await log.reply(subjects.rpc('ingest', INGEST_RPC.sessionTurn), 'ingest', async (body) =>
      readSessionTurn(dataSource, parse(SessionTurnRequest, body)),
    ),
    await log.reply(subjects.rpc('ingest', INGEST_RPC.sessionWindow), 'ingest', async (body) =>
      readSessionWindow(dataSource, parse(SessionWindowRequest, body)),
    ),
  ];
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ValidationError('bad ingest request', zodIssues(parsed.error));
  return parsed.data;
}

const isoOrNull = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/** When a session ran, as the sessions read model holds it now (null for a session it does not know). */
export async function readSessionWindow(
  db: Pick<DataSource, 'query'>,
  of: SessionWindowRequest,
): Promise<SessionWindowReply> {
  const rows: Array<Record<string, unknown>> = await db.query(
    `SELECT s.started_at, s.ended_at, s.project,
       (SELECT max(t.occurred_at) FROM turns t WHERE t.account_id = s.account_id AND t.session_id = s.id) AS last_turn_at
     FROM sessions s WHERE s.account_id = $1 AND s.id = $2 AND s.started_at IS NOT NULL`,
    [of.accountId, of.sessionId],
  );
  const row = rows[0];
  if (!row) return { session: null };
  return {
    session: {
      startedAt: isoOrNull(row.started_at)!,
      endedAt: isoOrNull(row.ended_at),
      lastTurnAt: isoOrNull(row.last_turn_at),
      project: (row.project as string | null) ?? null,
    },
  };
}

export async function readSessionTurn(
  db: Pick<DataSource, 'query'>,
  at: SessionTurnRequest,
): Promise<SessionTurnReply> {
  const rows: Array<{ role: 'user' | 'assistant' | 'system'; text: string; seq: number }> =
    at.seq === undefined
      ? await db.query(
          `SELECT role, text, seq FROM turns WHERE account_id = $1 AND session_id = $2 AND role = 'user' AND NOT is_sidechain
           ORDER BY seq DESC LIMIT 1`,
          [at.accountId, at.sessionId],
        )
      : await db.query(
          `SELECT role, text, seq FROM turns WHERE account_id = $1 AND session_id = $2 AND seq = $3`,
          [at.accountId, at.sessionId, at.seq],
        );
  return {
    turn: rows[0] ? { role: rows[0].role, text: rows[0].text, seq: Number(rows[0].seq) } : null,
  };
}

/**
 * A session's conversation turns in a window of the log, newest first until the character cap is passed
 * (the asker's buildTranscript then trims to the cap exactly), answered oldest first.
 */
export async function readSessionTurns(
  db: Pick<DataSource, 'query'>,
  window: SessionTurnsRequest,
): Promise<SessionTurnsReply> {
  const rows: Array<{
    seq: number;
    role: 'user' | 'assistant' | 'system';
    text: string;
    occurred_at: Date | string;
    total: string;
  }> = await db.query(
    `SELECT seq, role, text, occurred_at, total FROM (
       SELECT seq, role, text, occurred_at, count(*) OVER () AS total,
              sum(length(text) + 16) OVER (ORDER BY seq DESC) - (length(text) + 16) AS newer_chars
       FROM turns
       WHERE account_id = $1 AND session_id = $2 AND last_seq > $3 AND last_seq <= $4
         AND role <> 'system' AND NOT is_sidechain AND length(btrim(text)) > 0
     ) w WHERE newer_chars < $5 ORDER BY seq`,
    [window.accountId, window.sessionId, window.afterSeq, window.throughSeq, window.maxChars],
  );
  const session = await readSessionPerson(db, window);
  return {
    turns: rows.map(({ seq, role, text, occurred_at }) => ({
      seq,
      role,
      text,
      occurredAt: new Date(occurred_at).toISOString(),
    })),
    total: Number(rows[0]?.total ?? 0),
    ...(session ? { session } : {}),
  };
}

/** What the session's start said about who speaks; null before the start arrived. */
async function readSessionPerson(
  db: Pick<DataSource, 'query'>,
  at: { accountId: string; sessionId: string },
): Promise<SessionPerson | null> {
  const rows: Array<{
    source: string | null;
    developer: string | null;
    person_name: string | null;
    person_role: string | null;
  }> = await db.query(
    `SELECT source, developer, person_name, person_role FROM sessions WHERE account_id = $1 AND id = $2`,
    [at.accountId, at.sessionId],
  );
  const row = rows[0];
  if (!row) return null;
  const fields = {
    source: row.source,
    developer: row.developer,
    personName: row.person_name,
    personRole: row.person_role,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== ''));
}
