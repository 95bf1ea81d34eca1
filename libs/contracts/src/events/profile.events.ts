import { z } from 'zod';

export const CoreProfileSynthesized = z.object({
  profile: z.string().max(5000),
  artifactFingerprint: z.string(),
  model: z.string(),
});
export const ProfileRegenerationBlocked = z.object({
  reason: z.enum(['cost_cap', 'no_credential', 'api_error']),
  retryAfter: z.iso.datetime({ offset: true }).optional(),
});
export const InsightDetected = z.object({
  insightId: z.string(),
  kind: z.enum(['contradiction', 'evolution', 'theme']),
  text: z.string().max(2000),
  artifactA: z.string(),
  artifactB: z.string(),
});
export const InsightDismissed = z.object({ insightId: z.string() });

export const profileEvents = { CoreProfileSynthesized, ProfileRegenerationBlocked, InsightDetected, InsightDismissed } as const;
