import { z } from 'zod';

/**
 * One plan an extraction proposes (`{"plans":[…]}` beside the facts, from the model or the offline
 * rules): a short title, optional steps, the metric and daily target it measures itself by, and the
 * person's turn that stated the intention. Memory proposes it under propose_plan's limits
 * (docs/day-series.md): one per answer, three open at most.
 */
export const ExtractedPlan = z.object({
  title: z
    .string()
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(3).max(200)),
  steps: z
    .array(z.string().trim().min(1).max(300))
    .max(10)
    .nullish()
    .transform((v) => v ?? undefined),
  measure: z
    .object({
      metric: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/),
      unit: z.string().regex(/^[A-Za-z%°/][A-Za-z0-9%°/._-]{0,31}$/),
      target: z.number().finite().nonnegative(),
      direction: z.enum(['at_least', 'at_most']).nullish(),
    })
    .nullish()
    .transform((m) =>
      m
        ? {
            metric: m.metric,
            unit: m.unit,
            target: m.target,
            direction: m.direction ?? ('at_least' as const),
          }
        : undefined,
    ),
  sourceTurns: z.array(z.number().int().nonnegative()).min(1).max(5),
});
export type ExtractedPlan = z.infer<typeof ExtractedPlan>;
/** A plan as an adapter writes it, before memory validates it. */
export type ExtractedPlanItem = z.input<typeof ExtractedPlan>;

/** At most this many plans read from one extraction: a conversation states an intention or two. */
export const MAX_PLANS_PER_EXTRACTION = 3;
