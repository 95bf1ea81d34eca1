import type { InventoryTypeDefined } from '@mnemo/contracts/src/events/profile.events';
import type { z } from 'zod';

/** An inventory of the catalog: its scale, and its categories of items to rate. */
export type InventoryType = z.infer<typeof InventoryTypeDefined>;
