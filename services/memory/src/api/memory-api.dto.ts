import { z } from 'zod';
import {
  measurementUnit,
  metricName,
  PlanMeasure,
  sequenceNumber,
  subjectToken,
} from '@mnemo/contracts';

/** The Explorer's queries and bodies are a contract shared with the web UI (libs/contracts); the rest are this service's own. */
export {
  ListMemoriesQuery,
  SearchMemoriesQuery,
  CreateMemoryBody,
  PatchMemoryBody,
  MIN_SEARCH_CHARS,
} from '@mnemo/contracts';

export const RememberBody = z.strictObject({
  // A session id as the events carry it, so a bad one is named here, not refused by the turns lookup behind
  sessionId: subjectToken,
  /** The message to remember; without it, the person's current message (the session's newest user turn). */
  seq: sequenceNumber.optional(),
  /** The turn being answered, when the client knows it: the message must then be that turn. */
  currentTurnSeq: sequenceNumber.optional(),
  /** The coach's wording of the fact (remember_fact); it must say what the message says. */
  fact: z.string().trim().min(3).max(400).optional(),
  /** What kind of fact the coach says it is: a memory tab or a health category (medication, condition, …). */
  category: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z _-]{0,39}$/, 'a word or two, letters only')
    .optional(),
});

/** propose_plan: a plan for the person's current message of the session; they activate it with a tap. */
export const ProposePlanBody = z.strictObject({
  sessionId: subjectToken,
  title: z.string().trim().min(3).max(200),
  steps: z.array(z.string().trim().min(1).max(300)).max(10).optional(),
  reviewDays: z.number().int().min(1).max(90).optional(),
  /** The metric of the person's day series the plan measures itself by, and its daily target. */
  measure: PlanMeasure.optional(),
});

export const CheckInBody = z.strictObject({ progress: z.string().trim().min(1).max(300) });
export const ClosePlanBody = z.strictObject({ reason: z.enum(['completed', 'abandoned']) });

/** The most measurements one POST /v1/measurements takes: a month of a watch's samples at once. */
export const MAX_MEASUREMENTS_PER_BATCH = 2000;

/** A batch of the person's own measurements (each as MeasurementRecorded says it); `id` makes a retry the same measurement. */
export const RecordMeasurementsBody = z.strictObject({
  measurements: z
    .array(
      z
        .strictObject({
          id: z.string().trim().min(1).max(200).optional(),
          metric: metricName,
          value: z.number().finite(),
          unit: measurementUnit,
          day: z.iso.date().optional(),
          at: z.iso.datetime({ offset: true }).optional(),
          source: z.string().trim().min(1).max(200),
        })
        .refine((m) => (m.day === undefined) !== (m.at === undefined), {
          path: ['day'],
          message: 'exactly one of day or at',
        }),
    )
    .min(1)
    .max(MAX_MEASUREMENTS_PER_BATCH),
});

/** How far back a metric's days and baseline are read. */
export const MetricDaysQuery = z.strictObject({
  lookbackDays: z.coerce.number().int().min(3).max(365).default(28),
});
