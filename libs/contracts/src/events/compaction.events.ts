import { z } from 'zod';
import { storedCount } from './stored-integer';

export const SegmentCompacted = z.object({
  segment: storedCount.min(1),
  summary: z.string().max(20_000),
  inputTokens: storedCount,
  outputTokens: storedCount,
  model: z.string(),
});

export const CompactionFailed = z.object({
  segment: storedCount.min(1),
  reason: z.enum(['no_credential', 'rate_limited', 'api_error', 'invalid_output', 'network']),
  message: z.string().max(2000).optional(),
});

export const CompactionSkipped = z.object({
  segment: storedCount.min(1),
  reason: z.enum(['cost_cap', 'empty_transcript', 'no_credential']),
  message: z.string().max(2000).optional(),
});

export const compactionEvents = { SegmentCompacted, CompactionFailed, CompactionSkipped } as const;
