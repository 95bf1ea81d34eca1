import type { StoredEventOf } from '@mnemo/contracts';
import type { Sql } from '@mnemo/persistence';
import { classifySensitivity, confirmedAtCreation, confirmedByEdit } from '@mnemo/memory-rules';

/**
 * A fact is created once: a second creation under the same id (a redelivery, a replayed duplicate)
 * changes nothing. A fact created by confirming a proposal is marked confirmed and sensitive, since
 * the proposal existed because the fact names something sensitive.
 */
export async function insertFact(
  sql: Sql,
  stored: StoredEventOf<'MemoryFactExtracted' | 'MemoryFactCreated'>,
  change: 'extracted' | 'created',
): Promise<void> {
  const { event, seq } = stored;
  const p = event.payload;
  const sensitiveByWording = classifySensitivity({ content: p.content }).sensitive;
  // One statement: the confirmed proposal (logged just before the fact it creates) is looked up inside the insert.
  await sql.query(
    `WITH proposal AS (
       SELECT EXISTS (SELECT 1 FROM memory_proposals WHERE account_id = $1 AND fact_id = $2 AND status = 'confirmed') AS confirmed
     )
     INSERT INTO memory_facts (account_id, id, fact_type, content, confidence, source, source_session, source_segment,
       source_artifact_id, source_message_seq, status, sensitive, confirmed, version, last_change, created_at, updated_at, last_seq,
       source_turns, occurred_on, subject)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'active', (SELECT confirmed FROM proposal) OR $11::boolean, (SELECT confirmed FROM proposal) OR $18::boolean,
       1, $12, $13, $13, $14, $15::int[], $16::date, $17)
     ON CONFLICT (account_id, id) DO NOTHING`,
    [
      event.accountId,
      p.factId,
      p.factType,
      p.content,
      p.confidence,
      p.source,
      p.sourceSession,
      p.sourceSegment ?? null,
      p.sourceArtifactId ?? null,
      p.sourceMessageSeq ?? null,
      sensitiveByWording,
      change,
      event.occurredAt,
      seq,
      p.sourceTurns ?? null,
      p.occurredOn ?? null,
      p.subject ?? null,
      // The person's own memory needs no confirmation (memory-rules: one rule with the context's copy).
      confirmedAtCreation({ source: p.source, fromConfirmedProposal: false }),
    ],
  );
}

/**
 * An edit names the version it produces; the row never goes backwards (a racing writer that computed
 * the same version still moves it forward by one), so the version a client holds always identifies
 * the content it saw.
 */
export async function editFact(sql: Sql, stored: StoredEventOf<'MemoryFactEdited'>): Promise<void> {
  const { event, seq } = stored;
  const p = event.payload;
  const sensitiveByWording =
    p.content === undefined ? null : classifySensitivity({ content: p.content }).sensitive;
  await sql.query(
    `UPDATE memory_facts SET content = coalesce($3, content), fact_type = coalesce($4, fact_type), confidence = coalesce($5, confidence),
       sensitive = CASE WHEN $6::boolean IS NULL THEN sensitive ELSE (confirmed OR $6::boolean) END,
       version = GREATEST(version + 1, $7), last_change = 'edited', updated_at = $8, last_seq = $9,
       edited_by_person = edited_by_person OR $10::boolean, confirmed = confirmed OR $12::boolean, occurred_on = coalesce($11::date, occurred_on)
     WHERE account_id = $1 AND id = $2 AND status = 'active' AND last_seq < $9`,
    [
      event.accountId,
      p.factId,
      p.content ?? null,
      p.factType ?? null,
      p.confidence ?? null,
      sensitiveByWording,
      p.version,
      event.occurredAt,
      seq,
      p.editedByPerson === true,
      p.occurredOn ?? null,
      confirmedByEdit(p),
    ],
  );
}

/**
 * A newer fact changed this one (docs/memory-facts.md): it stays, with its provenance and what superseded it, and is
 * no longer active, so no context serves it. The row moves on like any change, for the change feed.
 */
export async function supersedeFact(
  sql: Sql,
  stored: StoredEventOf<'FactSuperseded'>,
): Promise<void> {
  const { event, seq } = stored;
  const p = event.payload;
  await sql.query(
    `UPDATE memory_facts SET status = 'superseded', superseded_by = $3, version = version + 1, last_change = 'superseded', updated_at = $4, last_seq = $5
     WHERE account_id = $1 AND id = $2 AND status = 'active' AND last_seq < $5`,
    [event.accountId, p.factId, p.supersededBy, event.occurredAt, seq],
  );
}

/** Soft delete: the row stays (its history is in the log), it is no longer listed. */
export async function deleteFact(
  sql: Sql,
  stored: StoredEventOf<'MemoryFactDeleted'>,
): Promise<void> {
  const { event, seq } = stored;
  const p = event.payload;
  await sql.query(
    `UPDATE memory_facts SET status = 'deleted', version = version + 1, last_change = 'deleted', updated_at = $3, last_seq = $4
     WHERE account_id = $1 AND id = $2 AND status = 'active' AND last_seq < $4`,
    [event.accountId, p.factId, event.occurredAt, seq],
  );
}

/** Reading a fact into a context: stamps last_used_at and nothing else (updated_at stays). */
export async function markFactsUsed(
  sql: Sql,
  stored: StoredEventOf<'MemoryFactUsed'>,
): Promise<void> {
  const { event, seq } = stored;
  const p = event.payload;
  await sql.query(
    `UPDATE memory_facts SET last_used_at = GREATEST(coalesce(last_used_at, $3), $3), last_change = 'used', last_seq = $4
     WHERE account_id = $1 AND id = ANY($2::text[]) AND last_seq < $4`,
    [event.accountId, p.factIds, p.usedAt, seq],
  );
}
