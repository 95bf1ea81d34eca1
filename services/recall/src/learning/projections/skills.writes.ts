import type { StoredEventOf } from '@mnemo/contracts';
import type { Sql } from '@mnemo/persistence';
import { redact } from '@mnemo/redaction';

export const SKILL_EVENTS = [
  'SkillCandidateProposed',
  'SkillCandidateEdited',
  'SkillCandidateAccepted',
  'SkillCandidateDismissed',
] as const;

const clean = (text: string) => redact(text).text;

/**
 * A proposal writes what discovery found; a person's edit wins over later proposals for what it
 * names (name, description, steps), and a decision (accepted, dismissed) stays until the next one.
 */
export async function applySkillEvent(sql: Sql, stored: StoredEventOf): Promise<void> {
  const { event, seq } = stored;
  const key = [event.accountId];
  switch (event.type) {
    case 'SkillCandidateProposed': {
      const p = event.payload;
      await sql.query(
        `INSERT INTO learning_skill_candidates AS c (account_id, candidate_id, project, name, description, steps, files, commands,
           source_session_ids, proposed_at, updated_at, proposed_seq)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $10, $11)
         ON CONFLICT (account_id, candidate_id) DO UPDATE SET project = EXCLUDED.project,
           name = CASE WHEN c.edited THEN c.name ELSE EXCLUDED.name END,
           description = CASE WHEN c.edited THEN c.description ELSE EXCLUDED.description END,
           steps = CASE WHEN c.edited THEN c.steps ELSE EXCLUDED.steps END,
           files = EXCLUDED.files, commands = EXCLUDED.commands, source_session_ids = EXCLUDED.source_session_ids,
           updated_at = EXCLUDED.updated_at, proposed_seq = EXCLUDED.proposed_seq
         WHERE c.proposed_seq < EXCLUDED.proposed_seq`,
        [
          ...key,
          p.candidateId,
          p.project ? clean(p.project) : null,
          p.name,
          clean(p.description),
          JSON.stringify(p.steps.map(clean)),
          p.files.map(clean),
          p.commands.map(clean),
          p.sourceSessionIds,
          event.occurredAt,
          seq,
        ],
      );
      return;
    }
    case 'SkillCandidateEdited': {
      const p = event.payload;
      await sql.query(
        `UPDATE learning_skill_candidates SET name = coalesce($3, name), description = coalesce($4, description),
           steps = coalesce($5::jsonb, steps), edited = true, updated_at = $6, edited_seq = $7
         WHERE account_id = $1 AND candidate_id = $2 AND edited_seq < $7`,
        [
          ...key,
          p.candidateId,
          p.name ?? null,
          p.description !== undefined ? clean(p.description) : null,
          p.steps !== undefined ? JSON.stringify(p.steps.map(clean)) : null,
          event.occurredAt,
          seq,
        ],
      );
      return;
    }
    case 'SkillCandidateAccepted':
    case 'SkillCandidateDismissed': {
      const p = event.payload;
      await sql.query(
        `UPDATE learning_skill_candidates SET status = $3, updated_at = $4, status_seq = $5
         WHERE account_id = $1 AND candidate_id = $2 AND status_seq < $5`,
        [
          ...key,
          p.candidateId,
          event.type === 'SkillCandidateAccepted' ? 'accepted' : 'dismissed',
          event.occurredAt,
          seq,
        ],
      );
      return;
    }
  }
}
