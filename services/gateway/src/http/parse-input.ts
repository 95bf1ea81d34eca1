import type { z } from 'zod';
import { ValidationError, zodIssues } from '@mnemo/contracts';

/** Parses a query string or a body with its zod schema; a failure names each field as `query.x` / `body.x`. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, where: 'query' | 'body'): z.infer<T> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw new ValidationError(`bad ${where === 'query' ? 'query parameters' : 'request body'}`, zodIssues(parsed.error, where));
  return parsed.data;
}

/** An opaque keyset-pagination cursor: the sort key of the last row of a page. */
export const encodeCursor = (...key: string[]): string => Buffer.from(JSON.stringify(key)).toString('base64url');

export function decodeCursor(cursor: string, arity: number): string[] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === arity && value.every((v) => typeof v === 'string')) return value as string[];
  } catch {
    // fall through to the validation error
  }
  throw new ValidationError('bad cursor', [{ path: 'query.cursor', reason: 'not a cursor this API returned' }]);
}
