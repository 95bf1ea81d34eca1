import { z } from 'zod';
import { subjectToken } from './envelope';
import { PlanProposed, sequenceNumber } from './events';

/** Request/reply shapes of the memory service (subjects.rpc('memory', …)): the owner of the plan rule. */
export const MEMORY_RPC = {
  proposePlans: 'propose-plans',
} as const;

/**
 * Plans a producer proposed as events (POST /v1/events, gRPC Ingest), handed to memory's plan rule
 * before anything of their batch is written: one plan per answer, three open at most (docs/day-series.md).
 */
export const ProposePlansRequest = z.object({
  accountId: subjectToken,
  proposals: z
    .array(
      z.object({
        /** The event's index in its batch, so a refusal names it. */
        index: z.number().int().nonnegative(),
        id: z.uuid(),
        sessionId: subjectToken,
        occurredAt: z.iso.datetime({ offset: true }),
        correlationId: z.string().max(128).optional(),
        payload: PlanProposed,
        /** The newest message of the person earlier in the same batch: it is not in ingest's read model yet. */
        answerSeqInBatch: sequenceNumber.optional(),
      }),
    )
    .min(1)
    .max(1000),
});
export type ProposePlansRequest = z.infer<typeof ProposePlansRequest>;

export const ProposePlansReply = z.object({
  accepted: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
});
export type ProposePlansReply = z.infer<typeof ProposePlansReply>;
