import type { PayloadOf, StoredEvent } from '@mnemo/contracts';
import type { Sql } from '@mnemo/persistence';
import { redact, redactDeep } from '@mnemo/redaction';

type TurnEvent = StoredEvent<'TurnRecorded', PayloadOf<'TurnRecorded'>>;

/**
 * Upserts many turns in one statement. Within a batch the newest event per (account, session, seq)
 * wins, exactly as applying them one by one under the `last_seq` guard would. The text and tool calls
 * are redacted on the way in (SPEC §2: every write path, as defence in depth), once per row written:
 * an event from the log is already clean and comes back unchanged, one that bypassed the log's
 * redaction (or was stored under an older redactor and is replayed) does not leak.
 */
export async function upsertTurns(sql: Sql, turns: TurnEvent[]): Promise<void> {
  const newest = new Map<string, TurnEvent>();
  for (const turn of turns) {
    const key = JSON.stringify([turn.event.accountId, turn.event.sessionId, turn.event.payload.seq]);
    const seen = newest.get(key);
    if (!seen || seen.seq < turn.seq) newest.set(key, turn);
  }
  const rows = [...newest.values()];
  if (rows.length === 0) return;
  const column = <T>(pick: (t: TurnEvent) => T) => rows.map(pick);
  await sql.query(
    `INSERT INTO turns (account_id, session_id, seq, role, text, tool_calls, is_sidechain, occurred_at, event_id, last_seq)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::jsonb[], $7::bool[], $8::timestamptz[], $9::uuid[], $10::bigint[])
     ON CONFLICT (account_id, session_id, seq) DO UPDATE SET role = EXCLUDED.role, text = EXCLUDED.text,
       tool_calls = EXCLUDED.tool_calls, is_sidechain = EXCLUDED.is_sidechain, occurred_at = EXCLUDED.occurred_at,
       event_id = EXCLUDED.event_id, last_seq = EXCLUDED.last_seq
     WHERE turns.last_seq < EXCLUDED.last_seq`,
    [
      column((t) => t.event.accountId),
      column((t) => t.event.sessionId),
      column((t) => t.event.payload.seq),
      column((t) => t.event.payload.role),
      column((t) => redact(t.event.payload.text).text),
      column((t) => (t.event.payload.toolCalls ? JSON.stringify(redactDeep(t.event.payload.toolCalls).value) : null)),
      column((t) => t.event.payload.isSidechain ?? false),
      column((t) => t.event.occurredAt),
      column((t) => t.event.id),
      column((t) => t.seq),
    ],
  );
}
