import { z } from 'zod';
import { subjectToken, ValidationError, zodIssues } from '@mnemo/contracts';

/** `?sessionId=&pinned=a,b&source=&redo=` — shared by HTTP and gRPC. */
export const ClaudeMdQuery = z.object({
  sessionId: subjectToken,
  pinned: z
    .string()
    .max(10_000)
    .optional()
    .transform((value) => (value ?? '').split(',').map((id) => id.trim()).filter(Boolean)),
  source: z.string().max(200).optional(),
  redo: z.enum(['true', 'false']).optional(),
  format: z.enum(['markdown', 'json']).default('markdown'),
});

export function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.infer<T> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw new ValidationError('bad query parameters', zodIssues(parsed.error, 'query'));
  return parsed.data;
}
