import type { z } from 'zod';
import type { PlanActivated, PlanClosed } from '@mnemo/contracts';
import type { PlanState } from '@mnemo/memory-rules';

// The lifecycle and the progress line are shared with every reader of plan events (the context's copy).
export {
  evolvePlan,
  progressLine,
  progressStatus,
  reviewDueAt,
  type PlanCheckIn,
  type PlanEvent,
  type PlanState,
  type PlanStatus,
} from '@mnemo/memory-rules';

/** Seed 001: three open plans at most. */
export const MAX_ACTIVE_PLANS = 3;
/** Seed 001: an unanswered plan proposal lapses after 14 days. */
export const PLAN_PROPOSAL_LAPSE_DAYS = 14;
const DAY_MS = 86_400_000;

export type Activation = { ok: true } | { ok: false; reason: 'not_proposed' | 'too_many_open' };

/** A proposed plan may be activated while fewer than three plans are open. */
export function canActivate(plan: PlanState, plans: readonly PlanState[]): Activation {
  if (plan.status !== 'proposed') return { ok: false, reason: 'not_proposed' };
  const open = plans.filter((p) => p.status === 'active').length;
  return open >= MAX_ACTIVE_PLANS ? { ok: false, reason: 'too_many_open' } : { ok: true };
}

/** The person's tap: the review window starts now, not when the plan was proposed (seed 001). */
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
