import type { StoredEventOf } from '@mnemo/contracts';
import type { Sql } from '@mnemo/persistence';
import { redact } from '@mnemo/redaction';

/** A decision by its deterministic id (session + topic): a re-run of the distiller updates it in place. */
export async function upsertDecision(
  sql: Sql,
  stored: StoredEventOf<'DecisionRecorded'>,
): Promise<void> {
  const { event, seq } = stored;
  const p = event.payload;
  const topic = redact(p.topic).text;
  const rationale = redact(p.rationale).text;
  await sql.query(
    `INSERT INTO recall_decisions AS d (account_id, decision_id, session_id, topic, stance, rationale, developer, occurred_at, tsv, last_seq)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, setweight(to_tsvector('english', $4), 'A') || setweight(to_tsvector('english', $6), 'B'), $9)
     ON CONFLICT (account_id, decision_id) DO UPDATE SET session_id = EXCLUDED.session_id, topic = EXCLUDED.topic, stance = EXCLUDED.stance,
       rationale = EXCLUDED.rationale, developer = EXCLUDED.developer, occurred_at = EXCLUDED.occurred_at, tsv = EXCLUDED.tsv,
       last_seq = EXCLUDED.last_seq
     WHERE d.last_seq < EXCLUDED.last_seq`,
    [
      event.accountId,
      p.decisionId,
      event.sessionId ?? null,
      topic,
      p.stance,
      rationale,
      p.developer ?? null,
      event.occurredAt,
      seq,
    ],
  );
}
