import { z } from 'zod';

export const SegmentCompacted = z.object({
  segment: z.number().int().positive(),
  summary: z.string().max(20_000),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  model: z.string(),
});

export const CompactionFailed = z.object({
  segment: z.number().int().positive(),
  reason: z.enum(['no_credential', 'rate_limited', 'api_error', 'invalid_output', 'network']),
  message: z.string().max(2000).optional(),
});

export const CompactionSkipped = z.object({
  segment: z.number().int().positive(),
  reason: z.enum(['cost_cap', 'empty_transcript', 'no_credential']),
  message: z.string().max(2000).optional(),
});

export const compactionEvents = { SegmentCompacted, CompactionFailed, CompactionSkipped } as const;
