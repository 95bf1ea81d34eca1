import { z } from 'zod';
import { PlanMeasure, sequenceNumber, subjectToken } from '@mnemo/contracts';

/**
 * The Explorer's queries and bodies are a contract shared with the web UI, the measurements one with
 * mnemo-client (libs/contracts); the rest are this service's own.
 */
export {
  ListMemoriesQuery,
  SearchMemoriesQuery,
  CreateMemoryBody,
  PatchMemoryBody,
  MIN_SEARCH_CHARS,
  MAX_MEASUREMENTS_PER_BATCH,
  RecordMeasurementsBody,
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

/** How far back a metric's days and baseline are read. */
export const MetricDaysQuery = z.strictObject({
  lookbackDays: z.coerce.number().int().min(3).max(365).default(28),
});
