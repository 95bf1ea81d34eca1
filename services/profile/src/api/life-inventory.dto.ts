import { z } from 'zod';
import { InventoryTypeDefined } from '@mnemo/contracts';

const inventoryType = z.string().min(1).max(100);

export const StartTakeBody = z.object({ inventoryType }).strict();
const Rating = z
  .object({ itemId: z.string().min(1).max(200), rating: z.number().finite() })
  .strict();
export const RateBody = z.object({ ratings: z.array(Rating).min(1).max(500) }).strict();
export const ListTakesQuery = z.object({ inventoryType: inventoryType.optional() });
export const DefineTypeBody = InventoryTypeDefined.strict();

/**
 * The import's content is capped at 5 MB (docs/profile.md); the cap is checked in bytes by the
 * controller (413), not here.
 */
export const ImportBody = z
  .object({ inventoryType: inventoryType.optional(), content: z.string().min(1) })
  .strict();
export type ImportInput = z.infer<typeof ImportBody>;
