import type { Sql } from '@mnemo/persistence';
import { redact } from '@mnemo/redaction';
import { settledRows } from '../domain/settled-rows';
import type { ChangedSessions } from './chunks.writes';

/**
 * Re-reads what each changed session settled from its lowest changed turn on (docs/coding-memory.md),
 * once, as its turns arrive: the rows those turns gave are replaced by what they say now. The prose turn
 * before it is read too, since a yes answers it. Rows depend on the turns alone, so a replay writes the
 * same. `fresh`: the tables were created in this transaction (a replay's finish), nothing to replace.
 */
export async function settleSessions(
  sql: Sql,
  changed: ChangedSessions,
  options: { fresh?: boolean } = {},
): Promise<void> {
  for (const { accountId, sessionId, fromSeq } of changed.values()) {
    const turns: Array<{
      seq: number;
      role: string;
      text: string;
      occurred_at: Date;
      last_seq: string;
    }> = await sql.query(
      `SELECT seq, role, text, occurred_at, last_seq FROM recall_turns
         WHERE account_id = $1 AND session_id = $2 AND text <> '' AND seq >= coalesce(
           (SELECT max(seq) FROM recall_turns WHERE account_id = $1 AND session_id = $2 AND text <> '' AND seq < $3), $3)
         ORDER BY seq`,
      [accountId, sessionId, fromSeq],
    );
    if (!options.fresh)
      await sql.query(
        `DELETE FROM recall_decisions WHERE account_id = $1 AND session_id = $2 AND turn_seq >= $3`,
        [accountId, sessionId, fromSeq],
      );
    const rows = settledRows(
      sessionId,
      turns.map((t) => ({
        seq: t.seq,
        role: t.role,
        text: t.text,
        occurredAt: new Date(t.occurred_at).toISOString(),
      })),
      fromSeq,
    );
    if (rows.length === 0) continue;
    const logSeq = new Map(turns.map((t) => [t.seq, Number(t.last_seq)]));
    const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
    await sql.query(
      `INSERT INTO recall_decisions AS d (account_id, decision_id, session_id, turn_seq, topic, stance, rationale, occurred_at, tsv, last_seq)
       SELECT $1, r.decision_id, $2, r.turn_seq, r.topic, r.stance, r.rationale, r.occurred_at,
              setweight(to_tsvector('english', r.topic), 'A') || setweight(to_tsvector('english', r.rationale), 'B'), r.last_seq
       FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::timestamptz[], $9::bigint[])
         AS r(decision_id, turn_seq, topic, stance, rationale, occurred_at, last_seq)
       ON CONFLICT (account_id, decision_id) DO UPDATE SET turn_seq = EXCLUDED.turn_seq, topic = EXCLUDED.topic,
         stance = EXCLUDED.stance, rationale = EXCLUDED.rationale, occurred_at = EXCLUDED.occurred_at, tsv = EXCLUDED.tsv,
         last_seq = EXCLUDED.last_seq`,
      [
        accountId,
        sessionId,
        column((r) => r.decisionId),
        column((r) => r.turnSeq),
        // the turns were redacted on their way in; again here, as on every write path (docs/redaction.md)
        column((r) => redact(r.topic).text),
        column((r) => r.stance),
        column((r) => redact(r.rationale).text),
        column((r) => r.occurredAt),
        column((r) => logSeq.get(r.turnSeq) ?? 0),
      ],
    );
  }
}
