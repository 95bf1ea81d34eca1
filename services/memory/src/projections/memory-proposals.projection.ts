import type { ProposalEventType, StoredEventOf } from '@mnemo/contracts';
import { openTrail } from '@mnemo/eventing';
import type { Sql } from '@mnemo/persistence';
import { evolveProposal, type ProposalState } from '../domain/proposals';

const iso = (value: unknown): string | undefined =>
  value ? new Date(value as string).toISOString() : undefined;
// node-postgres reads a date column as a local-midnight Date; the day is what was stored.
const isoDate = (value: unknown): string =>
  value instanceof Date
    ? `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`
    : String(value).slice(0, 10);

/**
 * A proposal row as the domain reads it: its text and reason opened (the table holds them sealed,
 * docs/memory-facts.md). The projection passes `keep`: it folds without reading the text.
 */
export function proposalFromRow(
  row: Record<string, any>,
  open: (value: string) => string = openTrail,
): ProposalState {
  return {
    proposalId: row.id,
    fact: {
      factId: row.fact_id,
      factType: row.fact_type,
      content: open(row.content),
      confidence: row.confidence,
      source: row.source,
      sourceSession: row.source_session,
      ...(row.source_segment != null ? { sourceSegment: row.source_segment } : {}),
      ...(row.source_artifact_id != null ? { sourceArtifactId: row.source_artifact_id } : {}),
      ...(row.source_message_seq != null ? { sourceMessageSeq: row.source_message_seq } : {}),
      ...(row.source_turns != null ? { sourceTurns: row.source_turns.map(Number) } : {}),
      ...(row.occurred_on != null ? { occurredOn: isoDate(row.occurred_on) } : {}),
      ...(row.subject != null ? { subject: row.subject } : {}),
    },
    sensitiveReason: open(row.sensitive_reason),
    status: row.status,
    proposedAt: iso(row.proposed_at)!,
    offeredAt: iso(row.offered_at),
    answeredAt: iso(row.answered_at),
  };
}

/** Folds a proposal event with the pure `evolveProposal`, so the table follows the domain's rules exactly. */
export async function applyProposalEvent(
  sql: Sql,
  stored: StoredEventOf<ProposalEventType>,
): Promise<void> {
  const { event, seq } = stored;
  const proposalId = event.payload.proposalId;
  const rows: Array<Record<string, any>> = await sql.query(
    `SELECT * FROM memory_proposals WHERE account_id = $1 AND id = $2`,
    [event.accountId, proposalId],
  );
  if (rows[0] && Number(rows[0].last_seq) >= seq) return; // a redelivery
  const before = rows[0] ? proposalFromRow(rows[0], (sealed) => sealed) : undefined;
  const after = evolveProposal(before, event);
  if (!after || after === before) return;
  const f = after.fact;
  await sql.query(
    `INSERT INTO memory_proposals (account_id, id, fact_id, fact_type, content, confidence, source, source_session, source_segment,
       source_artifact_id, source_message_seq, sensitive_reason, status, proposed_at, offered_at, answered_at, last_seq,
       source_turns, occurred_on, subject)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18::int[], $19::date, $20)
     ON CONFLICT (account_id, id) DO UPDATE SET status = EXCLUDED.status, offered_at = EXCLUDED.offered_at,
       answered_at = EXCLUDED.answered_at, last_seq = EXCLUDED.last_seq
     WHERE memory_proposals.last_seq < EXCLUDED.last_seq`,
    [
      event.accountId,
      after.proposalId,
      f.factId,
      f.factType,
      f.content,
      f.confidence,
      f.source,
      f.sourceSession,
      f.sourceSegment ?? null,
      f.sourceArtifactId ?? null,
      f.sourceMessageSeq ?? null,
      after.sensitiveReason,
      after.status,
      after.proposedAt,
      after.offeredAt ?? null,
      after.answeredAt ?? null,
      seq,
      f.sourceTurns ?? null,
      f.occurredOn ?? null,
      f.subject ?? null,
    ],
  );
}
