import { z } from 'zod';
import type { MetricDaysAnswer, PlanItem } from '@mnemo/mnemo-client';
import { fitResult } from '../tool-output';
import { renderRefactorPlan } from '../render';
import { ToolInputError, currentSession, sessionId, tool } from '../tool';
import { projectInput } from '../project-first';

const planSteps = z.array(z.string().trim().min(1).max(500)).min(1).max(50);
const planFiles = z.array(z.string().trim().min(1).max(1000)).max(200);

export const refactorPlans = tool({
  name: 'refactor_plans',
  title: 'Refactor plans across sessions',
  description:
    'Plans for a change that spans sessions (goal, steps, files, status), so the next session picks it up. action "list" ' +
    '(default) shows them (open ones by default); "record" saves a new plan (goal, steps, files); "update" changes one by its ' +
    'planId (status done or abandoned, or new steps). prior_work names an open plan that touches the file asked about.',
  input: z.object({
    action: z
      .enum(['list', 'record', 'update'])
      .default('list')
      .describe('list (default), record a new plan, or update one.'),
    status: z
      .enum(['open', 'done', 'abandoned'])
      .optional()
      .describe('list: plans of this status (default open); update: the new status.'),
    planId: z.string().trim().min(1).max(200).optional().describe('update: which plan.'),
    goal: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .optional()
      .describe('record: what the change is for, in a sentence.'),
    steps: planSteps.optional().describe('record (required), update: the steps, in order.'),
    files: planFiles
      .optional()
      .describe('record, update: the files the change touches (repository-relative paths).'),
    project: projectInput('plans'),
  }),
  readOnly: false,
  async run(input, context) {
    const project = input.project ?? context.project;
    if (input.action === 'list') {
      const { plans } = await context.client.refactorPlans({
        status: input.status ?? 'open',
        ...(input.project !== undefined ? { project: input.project } : {}),
      });
      if (plans.length === 0) return `No ${input.status ?? 'open'} refactor plans.`;
      return fitResult(this.name, plans.map(renderRefactorPlan).join('\n'), context.spillDir);
    }
    if (input.action === 'record') {
      if (!input.goal) throw new ToolInputError('goal: required to record a plan');
      if (!input.steps) throw new ToolInputError('steps: required to record a plan');
      const sessionId = context.sessionId?.();
      const plan = await context.client.recordRefactorPlan({
        goal: input.goal,
        steps: input.steps,
        files: input.files ?? [],
        ...(project ? { project } : {}),
        ...(sessionId ? { sessionId } : {}),
      });
      return `Recorded:\n${renderRefactorPlan(plan, 0)}`;
    }
    if (!input.planId) throw new ToolInputError('planId: required to update a plan');
    const patch = {
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.steps !== undefined ? { steps: input.steps } : {}),
      ...(input.files !== undefined ? { files: input.files } : {}),
    };
    if (Object.keys(patch).length === 0)
      throw new ToolInputError('status: give a status, steps or files to update');
    return `Updated:\n${renderRefactorPlan(await context.client.updateRefactorPlan(input.planId, patch), 0)}`;
  },
});

const metric = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,63}$/, 'lower-case letters, digits and _, starting with a letter');
const unit = z
  .string()
  .regex(/^[A-Za-z%°/][A-Za-z0-9%°/._-]{0,31}$/, 'a unit symbol such as steps, bpm, kg or h');

export const recordMeasurements = tool({
  name: 'record_measurements',
  title: "Record the user's own measurements",
  description:
    'Save numbers the user measured themselves (steps from a watch, a weighing, resting heart rate, hours slept) to ' +
    'their day series, from which plans read their progress and baselines are drawn. A batch is all or nothing; ' +
    'give each measurement an id when you may send it again, so a retry counts as a duplicate, not a second reading. ' +
    'action "read" shows one metric\'s daily values and its usual range (median ± spread) instead.',
  input: z.object({
    action: z
      .enum(['record', 'read'])
      .default('record')
      .describe('record (default) the measurements, or read one metric of the day series.'),
    metric: metric
      .optional()
      .describe('read: the metric whose days and usual range to show, e.g. "steps".'),
    lookbackDays: z
      .number()
      .int()
      .min(1)
      .max(365)
      .optional()
      .describe('read: how many days back to the latest recorded day (default 28).'),
    measurements: z
      .array(
        z.object({
          metric: metric.describe('What was measured, e.g. "steps", "weight", "resting_hr".'),
          value: z.number().finite().describe('The number measured, in `unit`.'),
          unit: unit.describe('Its unit as written: "steps", "kg", "bpm", "h".'),
          day: z.iso
            .date()
            .optional()
            .describe('The calendar day it belongs to, YYYY-MM-DD (give day or at, not both).'),
          at: z.iso
            .datetime({ offset: true })
            .optional()
            .describe('When it was taken, ISO 8601 with offset (give day or at, not both).'),
          source: z
            .string()
            .trim()
            .min(1)
            .max(200)
            .describe('Where it came from: "watch", "scale", "user said".'),
          id: z
            .string()
            .trim()
            .min(1)
            .max(200)
            .optional()
            .describe("The measurement's own id, so a retry is recognised as the same one."),
        }),
      )
      .min(1)
      .max(2000)
      .optional()
      .describe('record (required): the measurements, 1 to 2000.'),
  }),
  readOnly: false,
  async run(input, context) {
    if (input.action === 'read') {
      if (!input.metric) throw new ToolInputError('metric: required to read a metric');
      return renderMetricDays(
        await context.client.measurementDays(input.metric, input.lookbackDays),
      );
    }
    if (!input.measurements)
      throw new ToolInputError('measurements: required to record measurements');
    input.measurements.forEach((m, i) => {
      if ((m.day === undefined) === (m.at === undefined))
        throw new ToolInputError(`measurements.${i}.day: give exactly one of day or at`);
    });
    const { accepted, duplicates } = await context.client.recordMeasurements(input.measurements);
    return `Recorded ${accepted} measurement${accepted === 1 ? '' : 's'}${duplicates ? ` (${duplicates} already known)` : ''}.`;
  },
});

const round = (n: number) => Number(n.toFixed(2));

/** One line per unit: the days' count and span, the latest day, and the band it usually sits in. */
function renderMetricDays(answer: MetricDaysAnswer): string {
  if (answer.series.length === 0) return `No ${answer.metric} measurements yet.`;
  return answer.series
    .map(({ unit, aggregation, days, baseline }) => {
      const last = days[days.length - 1];
      const per = aggregation === 'sum' ? 'daily total' : 'daily median';
      const head = `${answer.metric} (${unit}, ${per}): ${days.length} day${days.length === 1 ? '' : 's'} in the last ${answer.lookbackDays}`;
      const latest = last ? `; latest ${last.day}: ${round(last.value)} ${unit}` : '';
      const band = baseline
        ? `; usually ${round(baseline.low)}–${round(baseline.high)} ${unit} (median ${round(baseline.median)})`
        : '; too few days for a usual range';
      return head + latest + band;
    })
    .join('\n');
}

const renderPlan = (p: PlanItem) =>
  `${p.title} [plan ${p.id}, ${p.status}]` +
  (p.measure
    ? ` · ${p.measure.direction === 'at_most' ? 'at most' : 'at least'} ${p.measure.target} ${p.measure.unit} of ${p.measure.metric} a day`
    : '') +
  (p.progress ? `\n   ${p.progress}` : '');

export const proposePlan = tool({
  name: 'propose_plan',
  title: 'Propose a plan to the user',
  description:
    'Propose one plan in answer to what the user asked in their current message (e.g. "walk 8,000 steps a day"); the ' +
    'user activates it with a tap. One plan per answer and three open at most: a refusal says which. A plan that names ' +
    'a metric and a daily target reads its progress from the user\'s own measurements. action "list" shows the plans.',
  input: z.object({
    action: z
      .enum(['propose', 'list'])
      .default('propose')
      .describe('propose (default) a plan, or list the plans and their progress.'),
    title: z
      .string()
      .trim()
      .min(3)
      .max(200)
      .optional()
      .describe('propose: the plan in a short sentence, e.g. "Walk 8,000 steps a day".'),
    steps: z
      .array(z.string().trim().min(1).max(300))
      .max(10)
      .optional()
      .describe('propose: up to 10 steps, in order.'),
    reviewDays: z
      .number()
      .int()
      .min(1)
      .max(90)
      .optional()
      .describe('propose: days after activation to review it (default 14).'),
    measure: z
      .object({
        metric: metric.describe('The metric of the day series, e.g. "steps".'),
        unit: unit.describe('Its unit, e.g. "steps".'),
        target: z.number().finite().nonnegative().describe('The daily target in that unit.'),
        direction: z
          .enum(['at_least', 'at_most'])
          .optional()
          .describe('at_least (default: a floor) or at_most (a ceiling).'),
      })
      .optional()
      .describe('propose: what the plan measures itself by.'),
    sessionId,
  }),
  readOnly: false,
  async run(input, context) {
    if (input.action === 'list') {
      const { plans } = await context.client.plans();
      if (plans.length === 0) return 'No plans yet.';
      return fitResult(this.name, plans.map(renderPlan).join('\n'), context.spillDir);
    }
    if (!input.title) throw new ToolInputError('title: required to propose a plan');
    const plan = await context.client.proposePlan({
      sessionId: currentSession(input.sessionId, context, this.name),
      title: input.title,
      ...(input.steps ? { steps: input.steps } : {}),
      ...(input.reviewDays ? { reviewDays: input.reviewDays } : {}),
      ...(input.measure ? { measure: input.measure } : {}),
    });
    return `Proposed; the user activates it with a tap: ${renderPlan(plan)}`;
  },
});
