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
export const InsightDeleted = z.object({ insightId: z.string() });
/** A person asked for a new profile: clears a regeneration block and tries again (SPEC §6). */
export const ProfileRefreshRequested = z.object({});

/** Life inventory (seed 000): scored questionnaires per inventory type, taken over time. */
export const InventoryTakeStarted = z.object({
  takeId: z.string().min(1).max(200),
  inventoryType: z.string().min(1).max(100),
});
export const InventoryTakeCompleted = z.object({
  takeId: z.string().min(1).max(200),
  inventoryType: z.string().min(1).max(100),
  /** Category → score; a take imported from an exported markdown table arrives complete. */
  scores: z.record(z.string().max(200), z.number()),
  imported: z.boolean().optional(),
});

export const profileEvents = {
  CoreProfileSynthesized,
  ProfileRegenerationBlocked,
  ProfileRefreshRequested,
  InsightDetected,
  InsightDismissed,
  InsightDeleted,
  InventoryTakeStarted,
  InventoryTakeCompleted,
} as const;
