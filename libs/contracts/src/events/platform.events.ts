import { z } from 'zod';

/** Account lifecycle: the accounts read model (and API-key lookup) is a projection of these. */
export const AccountCreated = z.object({
  name: z.string().min(1).max(200),
  /** sha256 of the API key; the key itself is shown once and never stored. (Not named after a secret:
   *  the redactor blanks fields whose name does.) */
  keyDigest: z.string().regex(/^[0-9a-f]{64}$/),
  apiKeyPrefix: z.string().max(16),
});

export const platformEvents = { AccountCreated } as const;
