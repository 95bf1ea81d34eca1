import { ValidationError } from '@mnemo/contracts';

/** An opaque keyset-pagination cursor: the sort key of the last row of a page. */
export const encodeCursor = (...key: string[]): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

export function decodeCursor(cursor: string, arity: number): string[] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === arity && value.every((v) => typeof v === 'string'))
      return value;
  } catch {
    // fall through to the validation error
  }
  throw new ValidationError('bad cursor', [
    { path: 'query.cursor', reason: 'not a cursor this API returned' },
  ]);
}
