import { z } from 'zod';
import { subjectToken } from '@mnemo/contracts';

/** `?sessionId=&pinned=a,b&source=&redo=` — shared by HTTP and gRPC. */
export const ClaudeMdQuery = z.object({
  sessionId: subjectToken,
  pinned: z
    .string()
    .max(10_000)
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  source: z.string().max(200).optional(),
  redo: z.enum(['true', 'false']).optional(),
  format: z.enum(['markdown', 'json']).default('markdown'),
});
