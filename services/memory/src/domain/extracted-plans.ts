import type { z } from 'zod';
import type { PlanProposed } from '@mnemo/contracts';
import { ExtractedPlan } from '@mnemo/llm/pure';
import { MAX_OPEN_PLANS, planIdForAnswer, type PlanSlot } from './plans';

/** The `plans` list beside the facts in an extraction's answer; none when it has no such list. */
export function planItemsOf(modelOutput: unknown): unknown[] {
  if (modelOutput !== null && typeof modelOutput === 'object' && !Array.isArray(modelOutput)) {
    const plans = (modelOutput as { plans?: unknown }).plans;
    if (Array.isArray(plans)) return plans;
  }
  return [];
}

export type ExtractedPlanSkip =
  'invalid' | 'not_a_person_turn' | 'already_proposed_in_answer' | 'too_many_open';

/**
 * Plans an extraction read, under propose_plan's limits (docs/day-series.md, "Plans from
 * extraction"): each answers the person's turn that stated it (its id names that answer, so a plan
 * the coach proposed in that answer, or this extraction run again, is not a second one), and none
 * while three plans are open. A plan that breaks a limit is skipped, not an error: the facts stand.
 */
export function decideExtractedPlans(
  slots: readonly PlanSlot[],
  items: readonly unknown[],
  session: { sessionId: string; personTurns: ReadonlySet<number> },
): {
  events: Array<{ type: 'PlanProposed'; payload: z.input<typeof PlanProposed> }>;
  skipped: ExtractedPlanSkip[];
} {
  const taken = [...slots];
  const events: Array<{ type: 'PlanProposed'; payload: z.input<typeof PlanProposed> }> = [];
  const skipped: ExtractedPlanSkip[] = [];
  for (const item of items) {
    const parsed = ExtractedPlan.safeParse(item);
    if (!parsed.success) {
      skipped.push('invalid');
      continue;
    }
    const plan = parsed.data;
    const answerSeq = plan.sourceTurns.find((seq) => session.personTurns.has(seq));
    if (answerSeq === undefined) {
      skipped.push('not_a_person_turn');
      continue;
    }
    const planId = planIdForAnswer(session.sessionId, answerSeq);
    const inAnswer = taken.some(
      (s) =>
        s.planId === planId || (s.sessionId === session.sessionId && s.answerSeq === answerSeq),
    );
    if (inAnswer) {
      skipped.push('already_proposed_in_answer');
      continue;
    }
    if (
      taken.filter((s) => s.status === 'proposed' || s.status === 'active').length >= MAX_OPEN_PLANS
    ) {
      skipped.push('too_many_open');
      continue;
    }
    taken.push({ planId, status: 'proposed', sessionId: session.sessionId, answerSeq });
    events.push({
      type: 'PlanProposed',
      payload: {
        planId,
        title: plan.title,
        ...(plan.steps ? { steps: plan.steps } : {}),
        ...(plan.measure ? { measure: plan.measure } : {}),
        answerSeq,
      },
    });
  }
  return { events, skipped };
}
