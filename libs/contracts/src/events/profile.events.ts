import { z } from 'zod';

export const CoreProfileSynthesized = z.object({
  profile: z.string().max(5000),
  artifactFingerprint: z.string(),
  model: z.string(),
  /** How many artifacts the synthesis read (absent on profiles written before it was recorded). */
  artifactCount: z.number().int().nonnegative().optional(),
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
/** A person asked for a new profile: clears a regeneration block and tries again (docs/profile.md). */
export const ProfileRefreshRequested = z.object({});

/** Life inventory (docs/profile.md): scored questionnaires per inventory type, taken over time. */
export const InventoryTakeStarted = z.object({
  takeId: z.string().min(1).max(200),
  inventoryType: z.string().min(1).max(100),
});
/** One item of a take in progress rated (a later rating of the same item replaces it). */
export const InventoryItemRated = z.object({
  takeId: z.string().min(1).max(200),
  inventoryType: z.string().min(1).max(100),
  itemId: z.string().min(1).max(200),
  rating: z.number().min(0).max(100),
});
export const InventoryTakeCompleted = z.object({
  takeId: z.string().min(1).max(200),
  inventoryType: z.string().min(1).max(100),
  /** Category → score; a take imported from an exported markdown table arrives complete. */
  scores: z.record(z.string().max(200), z.number()),
  imported: z.boolean().optional(),
  /** Item → rating of an imported take: the whole import lands with this one event, in one transaction. */
  ratings: z.record(z.string().max(200), z.number()).optional(),
});
const InventoryItemDef = z.object({
  id: z.string().min(1).max(200),
  text: z.string().min(1).max(500),
});
/** An account's own inventory type, or more categories and items for a shipped one (inventories are extendable per account). */
export const InventoryTypeDefined = z.object({
  inventoryType: z.string().min(1).max(100),
  title: z.string().min(1).max(200),
  scale: z.object({ min: z.number().int(), max: z.number().int() }),
  categories: z
    .array(
      z.object({
        id: z.string().min(1).max(200),
        name: z.string().min(1).max(200),
        items: z.array(InventoryItemDef).min(1).max(100),
      }),
    )
    .min(1)
    .max(50),
});

export const profileEvents = {
  CoreProfileSynthesized,
  ProfileRegenerationBlocked,
  ProfileRefreshRequested,
  InsightDetected,
  InsightDismissed,
  InsightDeleted,
  InventoryTakeStarted,
  InventoryItemRated,
  InventoryTakeCompleted,
  InventoryTypeDefined,
} as const;
