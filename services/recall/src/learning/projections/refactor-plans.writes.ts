import type { StoredEventOf } from '@mnemo/contracts';
import type { Sql } from '@mnemo/persistence';
import { redact } from '@mnemo/redaction';

export const REFACTOR_PLAN_EVENTS = ['RefactorPlanRecorded', 'RefactorPlanUpdated'] as const;

const clean = (text: string) => redact(text).text;

/**
 * A plan is recorded once (a second RefactorPlanRecorded with its id changes nothing); an update
 * replaces what it names, the newest by log sequence winning, so a replay gives the same rows.
 */
export async function applyRefactorPlanEvent(sql: Sql, stored: StoredEventOf): Promise<void> {
  const { event, seq } = stored;
  switch (event.type) {
    case 'RefactorPlanRecorded': {
      const p = event.payload;
      await sql.query(
        `INSERT INTO learning_refactor_plans (account_id, plan_id, project, goal, steps, files, recorded_in_session,
           recorded_at, updated_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $8)
         ON CONFLICT (account_id, plan_id) DO NOTHING`,
        [
          event.accountId,
          p.planId,
          p.project ? clean(p.project) : null,
          clean(p.goal),
          JSON.stringify(p.steps.map(clean)),
          p.files.map(clean),
          p.recordedInSession ?? null,
          event.occurredAt,
        ],
      );
      return;
    }
    case 'RefactorPlanUpdated': {
      const p = event.payload;
      await sql.query(
        `UPDATE learning_refactor_plans SET status = coalesce($3, status), steps = coalesce($4::jsonb, steps),
           files = coalesce($5, files), updated_at = $6, updated_seq = $7
         WHERE account_id = $1 AND plan_id = $2 AND updated_seq < $7`,
        [
          event.accountId,
          p.planId,
          p.status ?? null,
          p.steps !== undefined ? JSON.stringify(p.steps.map(clean)) : null,
          p.files !== undefined ? p.files.map(clean) : null,
          event.occurredAt,
          seq,
        ],
      );
      return;
    }
  }
}
