import type { StoredEventOf } from '@mnemo/contracts';
import type { Sql } from '@mnemo/persistence';
import {
  answerSeqOf,
  evolvePlan,
  planProgress,
  type PlanSlot,
  type PlanState,
} from '../domain/plans';
import { daySeries } from './day-series.projection';

const iso = (value: unknown): string | undefined =>
  value ? new Date(value as string).toISOString() : undefined;

export function planFromRow(row: Record<string, any>): PlanState {
  return {
    planId: row.id,
    title: row.title,
    steps: row.steps,
    reviewDays: row.review_days,
    status: row.status,
    proposedAt: iso(row.proposed_at)!,
    activatedAt: iso(row.activated_at),
    closedReason: row.closed_reason ?? undefined,
    ...(row.measure ? { measure: row.measure } : {}),
  };
}

/** Folds a plan event with the pure `evolvePlan`; a check-in is kept as its own row, keyed by its event. */
export async function applyPlanEvent(
  sql: Sql,
  stored: StoredEventOf<'PlanProposed' | 'PlanActivated' | 'PlanCheckedIn' | 'PlanClosed'>,
): Promise<void> {
  const { event, seq } = stored;
  if (event.type === 'PlanCheckedIn') {
    const p = event.payload;
    await sql.query(
      `INSERT INTO plan_checkins (account_id, event_id, plan_id, progress, at, last_seq) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (account_id, event_id) DO NOTHING`,
      [event.accountId, event.id, p.planId, p.progress, event.occurredAt, seq],
    );
    const plan: Array<Record<string, any>> = await sql.query(
      `SELECT * FROM plans WHERE account_id = $1 AND id = $2`,
      [event.accountId, p.planId],
    );
    if (!plan[0]) return;
    await sql.query(`UPDATE plans SET progress_line = $3 WHERE account_id = $1 AND id = $2`, [
      event.accountId,
      p.planId,
      await progressOf(sql, event.accountId, planFromRow(plan[0])),
    ]);
    return;
  }
  const planId = event.payload.planId;
  const rows: Array<Record<string, any>> = await sql.query(
    `SELECT * FROM plans WHERE account_id = $1 AND id = $2`,
    [event.accountId, planId],
  );
  if (rows[0] && Number(rows[0].last_seq) >= seq) return; // a redelivery
  const before = rows[0] ? planFromRow(rows[0]) : undefined;
  const after = evolvePlan(before, event);
  if (!after || after === before) return;
  const closedAt =
    after.status === 'closed' && before?.status !== 'closed'
      ? event.occurredAt
      : (rows[0]?.closed_at ?? null);
  await sql.query(
    `INSERT INTO plans (account_id, id, title, steps, review_days, status, source_session, proposed_at, activated_at, closed_reason, closed_at,
       progress_line, last_seq, measure, answer_seq)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (account_id, id) DO UPDATE SET status = EXCLUDED.status, activated_at = EXCLUDED.activated_at,
       closed_reason = EXCLUDED.closed_reason, closed_at = EXCLUDED.closed_at, progress_line = EXCLUDED.progress_line, last_seq = EXCLUDED.last_seq
     WHERE plans.last_seq < EXCLUDED.last_seq`,
    [
      event.accountId,
      after.planId,
      after.title,
      JSON.stringify(after.steps),
      after.reviewDays,
      after.status,
      rows[0]?.source_session ?? event.sessionId ?? null,
      after.proposedAt,
      after.activatedAt ?? null,
      after.closedReason ?? null,
      closedAt,
      await progressOf(sql, event.accountId, after),
      seq,
      after.measure ? JSON.stringify(after.measure) : null,
      rows[0]?.answer_seq ??
        (event.type === 'PlanProposed' ? (event.payload.answerSeq ?? null) : null),
    ],
  );
}

/** A new day value moves the progress of every plan measured by that metric and unit. */
export async function refreshMeasuredPlans(
  sql: Sql,
  accountId: string,
  metric: string,
  unit: string,
): Promise<void> {
  const rows: Array<Record<string, any>> = await sql.query(
    `SELECT * FROM plans WHERE account_id = $1 AND measure->>'metric' = $2 AND measure->>'unit' = $3`,
    [accountId, metric, unit],
  );
  for (const row of rows) {
    const plan = planFromRow(row);
    await sql.query(`UPDATE plans SET progress_line = $3 WHERE account_id = $1 AND id = $2`, [
      accountId,
      plan.planId,
      await progressOf(sql, accountId, plan),
    ]);
  }
}

/** A plan's progress (the line after its title) from its state, check-ins and day series in the read model: replay gives the same. */
async function progressOf(sql: Sql, accountId: string, plan: PlanState): Promise<string> {
  const checkIns: Array<{ progress: string; at: unknown }> = await sql.query(
    `SELECT progress, at FROM plan_checkins WHERE account_id = $1 AND plan_id = $2`,
    [accountId, plan.planId],
  );
  const series = plan.measure
    ? await daySeries(sql, accountId, plan.measure.metric, plan.measure.unit)
    : [];
  return planProgress(
    plan,
    checkIns.map((c) => ({ progress: c.progress, at: iso(c.at)! })),
    series,
  );
}

/** A reminder the person asked for is kept as it was set; setting the same id again restates it. */
export async function applyReminderSet(
  sql: Sql,
  stored: StoredEventOf<'ReminderSet'>,
): Promise<void> {
  const { event, seq } = stored;
  const p = event.payload;
  await sql.query(
    `INSERT INTO reminders (account_id, id, text, due_at, source_session, created_at, last_seq) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (account_id, id) DO UPDATE SET text = EXCLUDED.text, due_at = EXCLUDED.due_at, last_seq = EXCLUDED.last_seq
     WHERE reminders.last_seq < EXCLUDED.last_seq`,
    [
      event.accountId,
      p.reminderId,
      p.text,
      p.dueAt ?? null,
      event.sessionId ?? null,
      event.occurredAt,
      seq,
    ],
  );
}

/** Each plan's status and the answer it was proposed in, as the plan limits read them. */
export async function readPlanSlots(sql: Sql, accountId: string): Promise<PlanSlot[]> {
  const rows: Array<{
    id: string;
    status: PlanState['status'];
    source_session: string | null;
    answer_seq: number | null;
  }> = await sql.query(
    `SELECT id, status, source_session, answer_seq FROM plans WHERE account_id = $1`,
    [accountId],
  );
  return rows.map((r) => {
    const answerSeq = answerSeqOf(r.id, r.source_session, r.answer_seq);
    return {
      planId: r.id,
      status: r.status,
      ...(r.source_session ? { sessionId: r.source_session } : {}),
      ...(answerSeq === undefined ? {} : { answerSeq }),
    };
  });
}
