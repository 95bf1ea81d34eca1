import type { z } from 'zod';
import type { PlanActivated, PlanClosed, PlanMeasure, PlanProposed } from '@mnemo/contracts';
import type { PlanState } from '@mnemo/memory-rules';

// The lifecycle and the progress line are shared with every reader of plan events (the context's copy).
export {
  evolvePlan,
  planProgress,
  progressLine,
  progressStatus,
  reviewDueAt,
  type PlanCheckIn,
  type PlanEvent,
  type PlanState,
  type PlanStatus,
} from '@mnemo/memory-rules';

/** Three open plans at most. */
export const MAX_ACTIVE_PLANS = 3;
/** propose_plan leaves three plans open at most (waiting for the tap or active). */
export const MAX_OPEN_PLANS = 3;

/**
 * A proposed plan's id names the answer it was proposed in (the person's message it answers), so a
 * second plan in one answer is the same id: one per answer, and a retried call is not a second plan.
 */
export const planIdForAnswer = (sessionId: string, answerSeq: number) =>
  `plan:${sessionId}:${answerSeq}`;

export type PlanProposal =
  | { ok: true; event: { type: 'PlanProposed'; payload: z.input<typeof PlanProposed> } }
  | { ok: false; reason: 'already_proposed_in_answer' | 'too_many_open'; open: number };

/** propose_plan: one per answer, and none while three plans are open. */
export function decidePlanProposal(
  plans: readonly PlanState[],
  proposal: {
    sessionId: string;
    answerSeq: number;
    title: string;
    steps?: string[];
    reviewDays?: number;
    measure?: z.input<typeof PlanMeasure>;
  },
): PlanProposal {
  const planId = planIdForAnswer(proposal.sessionId, proposal.answerSeq);
  const open = plans.filter((p) => p.status === 'proposed' || p.status === 'active').length;
  if (plans.some((p) => p.planId === planId))
    return { ok: false, reason: 'already_proposed_in_answer', open };
  if (open >= MAX_OPEN_PLANS) return { ok: false, reason: 'too_many_open', open };
  return {
    ok: true,
    event: {
      type: 'PlanProposed',
      payload: {
        planId,
        title: proposal.title,
        ...(proposal.steps ? { steps: proposal.steps } : {}),
        ...(proposal.reviewDays ? { reviewDays: proposal.reviewDays } : {}),
        ...(proposal.measure ? { measure: proposal.measure } : {}),
        answerSeq: proposal.answerSeq,
      },
    },
  };
}
/** An unanswered plan proposal lapses after 14 days. */
export const PLAN_PROPOSAL_LAPSE_DAYS = 14;
const DAY_MS = 86_400_000;

export type Activation = { ok: true } | { ok: false; reason: 'not_proposed' | 'too_many_open' };

/** A proposed plan may be activated while fewer than three plans are open. */
export function canActivate(plan: PlanState, plans: readonly PlanState[]): Activation {
  if (plan.status !== 'proposed') return { ok: false, reason: 'not_proposed' };
  const open = plans.filter((p) => p.status === 'active').length;
  return open >= MAX_ACTIVE_PLANS ? { ok: false, reason: 'too_many_open' } : { ok: true };
}

/** The person's tap: the review window starts now, not when the plan was proposed. */
export function decidePlanActivation(
  plan: PlanState,
  plans: readonly PlanState[],
  now: Date,
):
  | { ok: true; event: { type: 'PlanActivated'; payload: z.infer<typeof PlanActivated> } }
  | Extract<Activation, { ok: false }> {
  const check = canActivate(plan, plans);
  if (!check.ok) return check;
  return {
    ok: true,
    event: {
      type: 'PlanActivated',
      payload: { planId: plan.planId, activatedAt: now.toISOString() },
    },
  };
}

/** Proposed plans nobody activated within the window close as lapsed. */
export function lapsePlans(
  plans: readonly PlanState[],
  now: Date,
  days = PLAN_PROPOSAL_LAPSE_DAYS,
): z.infer<typeof PlanClosed>[] {
  const cutoff = now.getTime() - days * DAY_MS;
  return plans
    .filter((p) => p.status === 'proposed' && Date.parse(p.proposedAt) <= cutoff)
    .map((p) => ({ planId: p.planId, reason: 'lapsed' as const }));
}

/** What the limits read of a plan: its status and the answer it was proposed in. */
export interface PlanSlot {
  planId: string;
  status: PlanState['status'];
  sessionId?: string;
  answerSeq?: number;
}

export type PlanBatchDecision =
  | { ok: true; accepted: number[]; duplicates: number[] }
  | {
      ok: false;
      index: number;
      reason: 'already_proposed_in_answer' | 'too_many_open';
      open: number;
    };

/**
 * Plans proposed as a producer's events, in order, against the plans there are: the same limits as
 * propose_plan. A plan id already known is a retry (a duplicate, not a second plan); a plan in an
 * answer that already has one, or beyond three open, refuses the whole batch.
 */
export function decidePlanBatch(
  plans: readonly PlanSlot[],
  proposals: ReadonlyArray<{ index: number; planId: string; sessionId: string; answerSeq: number }>,
): PlanBatchDecision {
  const slots = [...plans];
  const accepted: number[] = [];
  const duplicates: number[] = [];
  for (const p of proposals) {
    const open = slots.filter((s) => s.status === 'proposed' || s.status === 'active').length;
    if (slots.some((s) => s.planId === p.planId)) {
      duplicates.push(p.index);
      continue;
    }
    if (slots.some((s) => s.sessionId === p.sessionId && s.answerSeq === p.answerSeq))
      return { ok: false, index: p.index, reason: 'already_proposed_in_answer', open };
    if (open >= MAX_OPEN_PLANS) return { ok: false, index: p.index, reason: 'too_many_open', open };
    slots.push({
      planId: p.planId,
      status: 'proposed',
      sessionId: p.sessionId,
      answerSeq: p.answerSeq,
    });
    accepted.push(p.index);
  }
  return { ok: true, accepted, duplicates };
}

/** The answer a plan row was proposed in: its column, else the seq its propose_plan id names. */
export function answerSeqOf(planId: string, sessionId: string | null, stored: number | null) {
  if (stored !== null) return stored;
  const prefix = `plan:${sessionId}:`;
  return sessionId && planId.startsWith(prefix) ? Number(planId.slice(prefix.length)) : undefined;
}

/** The refusal's words, shared by every door (POST /v1/plans, producer events). */
export function planRefusal(reason: 'already_proposed_in_answer' | 'too_many_open'): string {
  return reason === 'already_proposed_in_answer'
    ? 'a plan was already proposed in this answer: one plan per answer; propose again after the person’s next message'
    : `${MAX_OPEN_PLANS} plans are already open (waiting or active): the person closes or declines one before another is proposed`;
}
