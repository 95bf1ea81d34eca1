/** The lexeme that counts chunks in recall_lexemes: no lexeme of to_tsvector is empty. */
export const CHUNK_COUNT_LEXEME = '';

/**
 * The change in document frequency per lexeme when chunks with `gone` lexeme sets are replaced by
 * chunks with `added` ones (each set already distinct, as tsvector_to_array gives them), the chunk
 * count under CHUNK_COUNT_LEXEME; lexemes whose count does not change are left out.
 */
export function lexemeDelta(
  gone: ReadonlyArray<readonly string[]>,
  added: ReadonlyArray<readonly string[]>,
): Map<string, number> {
  const delta = new Map<string, number>();
  const add = (lexeme: string, n: number) => delta.set(lexeme, (delta.get(lexeme) ?? 0) + n);
  for (const lexemes of gone) for (const l of [CHUNK_COUNT_LEXEME, ...lexemes]) add(l, -1);
  for (const lexemes of added) for (const l of [CHUNK_COUNT_LEXEME, ...lexemes]) add(l, 1);
  for (const [lexeme, n] of delta) if (n === 0) delta.delete(lexeme);
  return delta;
}
