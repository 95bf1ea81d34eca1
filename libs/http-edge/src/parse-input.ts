import type { z } from 'zod';
import { ValidationError, zodIssues } from '@mnemo/contracts';

/** Parses a query string or a body with its zod schema; a failure names each field as `query.x` / `body.x`. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
  where: 'query' | 'body',
): z.infer<T> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success)
    throw new ValidationError(
      `bad ${where === 'query' ? 'query parameters' : 'request body'}`,
      zodIssues(parsed.error, where),
    );
  return parsed.data;
}
