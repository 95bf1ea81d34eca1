import type { RefactorPlanItem } from '@mnemo/mnemo-client';

/** A labelled line of up to 20 values under an item; nothing when there are none. */
export const listOf = (label: string, values: unknown) =>
  Array.isArray(values) && values.length > 0
    ? `\n   ${label}: ${values.slice(0, 20).join(', ')}`
    : '';

/** A refactor plan as the plan tools and prior_work show it. */
export function renderRefactorPlan(plan: RefactorPlanItem, index: number): string {
  return (
    `${index + 1}. ${plan.goal} [${plan.status}] · id ${plan.planId}` +
    (plan.project ? ` · ${plan.project}` : '') +
    (plan.steps.length
      ? `\n   steps: ${plan.steps.map((step, i) => `(${i + 1}) ${step}`).join(' ')}`
      : '') +
    listOf('files', plan.files)
  );
}
