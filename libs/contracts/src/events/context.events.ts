import { z } from 'zod';

/**
 * An account's switches, as the person set them. Each field is optional: an event changes only the
 * switches it names, so two edits of different switches never undo each other.
 */
export const AccountSettingsChanged = z.object({
  /** Egress (docs/context.md): false forbids sending this account's data to the model provider. Default true. */
  egressAllowed: z.boolean().optional(),
  /** Sensitive (health) memories are served only while this is on. Default false. */
  healthModuleOn: z.boolean().optional(),
  /** Medication facts are served only while this is on too (and the health module). Default false. */
  medicationsModuleOn: z.boolean().optional(),
  /** How far back the rolling profile of the person's own numbers may read (docs/day-series.md). Default 90. */
  profileLookbackDays: z.number().int().min(7).max(365).optional(),
});

export const contextEvents = { AccountSettingsChanged } as const;
