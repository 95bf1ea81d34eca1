import { z } from 'zod';

export const CostPool = z.enum(['compaction', 'session', 'profile']);
export const CallLabel = z.enum(['compaction', 'memory', 'profile', 'insight', 'decision']);

export const LlmCallSettled = z.object({
  reservationId: z.string().optional(),
  pools: z.array(CostPool).min(1),
  label: CallLabel,
  model: z.string(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  costUsd: z.number().nonnegative(),
  outcome: z.enum(['ok', 'cost_cap', 'no_credential', 'rate_limited', 'api_error', 'invalid_output']),
  /** The UTC day the spend counts against (YYYY-MM-DD). */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

export const FeatureEventRecorded = z.object({
  name: z.string().min(1).max(100),
  action: z.string().min(1).max(100),
  metadata: z.record(z.string(), z.unknown()).default({}),
});

export const costEvents = { LlmCallSettled, FeatureEventRecorded } as const;
