import type { ProposalEventType, StoredEventOf } from '@mnemo/contracts';
import {
  classifySensitivity,
  confirmedAtCreation,
  confirmedByEdit,
  evolvePlan,
  evolveProposal,
  aggregationOf,
  dailyValue,
  measurementDay,
  measurementKey,
  planProgress,
  type DayValue,
  type PlanState,
  type ProposalState,
} from '@mnemo/memory-rules';
import type { Sql } from '@mnemo/persistence';

/**
 * The context's copy of the memories, plans and reminders it serves, folded from memory's events with
 * memory's own rules (@mnemo/memory-rules), so a copied row says what memory's row says: a fact is
 * sensitive by its wording or because a confirmed proposal made it, a plan's status and progress line
 * follow its lifecycle. Every write is keyed by natural ids and guarded by `last_seq`.
 */

const iso = (value: unknown): string => new Date(value as string).toISOString();

/** A fact is created once: a second creation under the same id changes nothing. */
export async function insertFact(
  sql: Sql,
  stored: StoredEventOf<'MemoryFactExtracted' | 'MemoryFactCreated'>,
): Promise<void> {
  const { event, seq } = stored;
  const p = event.payload;
  await sql.query(
    `WITH proposal AS (
       SELECT EXISTS (SELECT 1 FROM context_fact_proposals WHERE account_id = $1 AND fact_id = $2 AND status = 'confirmed') AS confirmed
     )
     INSERT INTO context_memory_facts (account_id, id, fact_type, content, confidence, status, sensitive, confirmed, created_at, updated_at, last_seq)
     VALUES ($1, $2, $3, $4, $5, 'active', (SELECT confirmed FROM proposal) OR $6::boolean, (SELECT confirmed FROM proposal) OR $9::boolean, $7, $7, $8)
     ON CONFLICT (account_id, id) DO NOTHING`,
    // A fact the person typed in themselves needs no confirmation: memory-rules' one rule says which.
    [
      event.accountId,
      p.factId,
      p.factType,
      p.content,
      p.confidence,
      classifySensitivity({ content: p.content }).sensitive,
      event.occurredAt,
      seq,
      confirmedAtCreation({ source: p.source, fromConfirmedProposal: false }),
    ],
  );
}

export async function editFact(sql: Sql, stored: StoredEventOf<'MemoryFactEdited'>): Promise<void> {
  const { event, seq } = stored;
  const p = event.payload;
  const sensitiveByWording =
    p.content === undefined ? null : classifySensitivity({ content: p.content }).sensitive;
  await sql.query(
    `UPDATE context_memory_facts SET content = coalesce($3, content), fact_type = coalesce($4, fact_type), confidence = coalesce($5, confidence),
       sensitive = CASE WHEN $6::boolean IS NULL THEN sensitive
         ELSE ($6::boolean OR EXISTS (SELECT 1 FROM context_fact_proposals p WHERE p.account_id = $1 AND p.fact_id = $2 AND p.status = 'confirmed')) END,
       confirmed = confirmed OR $9::boolean, updated_at = $7, last_seq = $8
     WHERE account_id = $1 AND id = $2 AND status = 'active' AND last_seq < $8`,
    [
      event.accountId,
      p.factId,
      p.content ?? null,
      p.factType ?? null,
      p.confidence ?? null,
      sensitiveByWording,
      event.occurredAt,
      seq,
      confirmedByEdit(p),
    ],
  );
}

/**
 * A fact leaves the active list, as in memory, and is never created again under its id: deleted by
 * the person, or superseded by a newer fact (docs/memory-facts.md). The context serves only active
 * facts.
 */
export async function retireFact(
  sql: Sql,
  stored: StoredEventOf<'MemoryFactDeleted' | 'FactSuperseded'>,
  status: 'deleted' | 'superseded',
): Promise<void> {
  const { event, seq } = stored;
  const p = event.payload;
  await sql.query(
    `UPDATE context_memory_facts SET status = $5, updated_at = $3, last_seq = $4 WHERE account_id = $1 AND id = $2 AND status = 'active' AND last_seq < $4`,
    [event.accountId, p.factId, event.occurredAt, seq, status],
  );
}

/** A proposal's state, kept only so that the fact a confirmation creates is marked confirmed (and sensitive). */
export async function applyProposalEvent(
  sql: Sql,
  stored: StoredEventOf<ProposalEventType>,
): Promise<void> {
  const { event, seq } = stored;
  const proposalId = event.payload.proposalId;
  const rows: Array<{ state: ProposalState; last_seq: string }> = await sql.query(
    `SELECT state, last_seq FROM context_fact_proposals WHERE account_id = $1 AND id = $2`,
    [event.accountId, proposalId],
  );
  if (rows[0] && Number(rows[0].last_seq) >= seq) return; // a redelivery
  const before = rows[0]?.state;
  const after = evolveProposal(before, event);
  if (!after || after === before) return;
  await sql.query(
    `INSERT INTO context_fact_proposals (account_id, id, fact_id, status, state, last_seq) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (account_id, id) DO UPDATE SET status = EXCLUDED.status, state = EXCLUDED.state, last_seq = EXCLUDED.last_seq
     WHERE context_fact_proposals.last_seq < EXCLUDED.last_seq`,
    [
      event.accountId,
      after.proposalId,
      after.fact.factId,
      after.status,
      JSON.stringify(after),
      seq,
    ],
  );
}

/** A plan folded by its lifecycle; a check-in is kept as its own row and moves the plan's progress line. */
export async function applyPlanEvent(
  sql: Sql,
  stored: StoredEventOf<'PlanProposed' | 'PlanActivated' | 'PlanCheckedIn' | 'PlanClosed'>,
): Promise<void> {
  const { event, seq } = stored;
  if (event.type === 'PlanCheckedIn') {
    const p = event.payload;
    await sql.query(
      `INSERT INTO context_plan_checkins (account_id, event_id, plan_id, progress, at, last_seq) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (account_id, event_id) DO NOTHING`,
      [event.accountId, event.id, p.planId, p.progress, event.occurredAt, seq],
    );
    const plan: Array<{ state: PlanState }> = await sql.query(
      `SELECT state FROM context_plans WHERE account_id = $1 AND id = $2`,
      [event.accountId, p.planId],
    );
    if (!plan[0]) return;
    const progress = await progressOf(sql, event.accountId, plan[0].state);
    await sql.query(
      `UPDATE context_plans SET progress_line = $3, progress_at = $4 WHERE account_id = $1 AND id = $2`,
      [event.accountId, p.planId, progress.line, progress.at],
    );
    return;
  }
  const planId = event.payload.planId;
  const rows: Array<{ state: PlanState; last_seq: string }> = await sql.query(
    `SELECT state, last_seq FROM context_plans WHERE account_id = $1 AND id = $2`,
    [event.accountId, planId],
  );
  if (rows[0] && Number(rows[0].last_seq) >= seq) return; // a redelivery
  const before = rows[0]?.state;
  const after = evolvePlan(before, event);
  if (!after || after === before) return;
  const progress = await progressOf(sql, event.accountId, after);
  await sql.query(
    `INSERT INTO context_plans (account_id, id, title, status, state, progress_line, progress_at, last_seq) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (account_id, id) DO UPDATE SET status = EXCLUDED.status, state = EXCLUDED.state, progress_line = EXCLUDED.progress_line,
       progress_at = EXCLUDED.progress_at, last_seq = EXCLUDED.last_seq
     WHERE context_plans.last_seq < EXCLUDED.last_seq`,
    [
      event.accountId,
      after.planId,
      after.title,
      after.status,
      JSON.stringify(after),
      progress.line,
      progress.at,
      seq,
    ],
  );
}

/**
 * The plan's progress line (memory's rule, from its check-ins in this copy) and when it last moved:
 * the latest check-in, else the activation, else the proposal.
 */
async function progressOf(
  sql: Sql,
  accountId: string,
  plan: PlanState,
): Promise<{ line: string; at: string }> {
  const rows: Array<{ progress: string; at: unknown }> = await sql.query(
    `SELECT progress, at FROM context_plan_checkins WHERE account_id = $1 AND plan_id = $2`,
    [accountId, plan.planId],
  );
  const checkIns = rows.map((c) => ({ progress: c.progress, at: iso(c.at) }));
  const latest = checkIns
    .map((c) => c.at)
    .sort()
    .at(-1);
  const series = plan.measure
    ? await contextDaySeries(sql, accountId, plan.measure.metric, plan.measure.unit)
    : [];
  return {
    line: planProgress(plan, checkIns, series),
    at: latest ?? plan.activatedAt ?? plan.proposedAt,
  };
}

/**
 * A measurement in the context's copy of the day series (kept once by its key, its day remade from
 * the day's samples), then the progress of every plan measured by that metric and unit.
 */
export async function applyMeasurement(
  sql: Sql,
  stored: StoredEventOf<'MeasurementRecorded'>,
): Promise<void> {
  const { event, seq } = stored;
  const m = event.payload;
  const day = measurementDay(m);
  const inserted: unknown[] = await sql.query(
    `INSERT INTO context_measurement_samples (account_id, metric, sample_key, unit, day, value, last_seq)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (account_id, metric, sample_key) DO NOTHING RETURNING 1`,
    [event.accountId, m.metric, measurementKey(m), m.unit, day, m.value, seq],
  );
  if (inserted.length === 0) return;
  const samples: Array<{ value: number }> = await sql.query(
    `SELECT value FROM context_measurement_samples WHERE account_id = $1 AND metric = $2 AND unit = $3 AND day = $4`,
    [event.accountId, m.metric, m.unit, day],
  );
  const value = dailyValue(
    samples.map((s) => Number(s.value)),
    aggregationOf(m.unit),
  );
  await sql.query(
    `INSERT INTO context_measurement_days (account_id, metric, unit, day, value, last_seq) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (account_id, metric, unit, day) DO UPDATE SET value = EXCLUDED.value, last_seq = EXCLUDED.last_seq`,
    [event.accountId, m.metric, m.unit, day, value, seq],
  );
  const plans: Array<{ state: PlanState }> = await sql.query(
    `SELECT state FROM context_plans WHERE account_id = $1 AND state->'measure'->>'metric' = $2 AND state->'measure'->>'unit' = $3`,
    [event.accountId, m.metric, m.unit],
  );
  for (const { state } of plans) {
    const progress = await progressOf(sql, event.accountId, state);
    await sql.query(
      `UPDATE context_plans SET progress_line = $3 WHERE account_id = $1 AND id = $2`,
      [event.accountId, state.planId, progress.line],
    );
  }
}

async function contextDaySeries(
  sql: Sql,
  accountId: string,
  metric: string,
  unit: string,
): Promise<DayValue[]> {
  const rows: Array<{ day: string; value: number }> = await sql.query(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, value FROM context_measurement_days
     WHERE account_id = $1 AND metric = $2 AND unit = $3 ORDER BY day`,
    [accountId, metric, unit],
  );
  return rows.map((r) => ({ day: r.day, value: Number(r.value) }));
}

/** A reminder is kept as it was set; setting the same id again restates it. */
export async function applyReminderSet(
  sql: Sql,
  stored: StoredEventOf<'ReminderSet'>,
): Promise<void> {
  const { event, seq } = stored;
  const p = event.payload;
  await sql.query(
    `INSERT INTO context_reminders (account_id, id, text, due_at, last_seq) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account_id, id) DO UPDATE SET text = EXCLUDED.text, due_at = EXCLUDED.due_at, last_seq = EXCLUDED.last_seq
     WHERE context_reminders.last_seq < EXCLUDED.last_seq`,
    [event.accountId, p.reminderId, p.text, p.dueAt ?? null, seq],
  );
}
