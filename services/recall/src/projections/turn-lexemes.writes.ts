/**
 * How recall turns text into lexemes, as SQL expressions shared by the projection (chunks.writes), the
 * migrations that backfilled them and the search that asks (lexeme-weights). A migration ran with each
 * as it was: a change to one needs a migration that rewrites what it wrote.
 */

/**
 * The lexemes of each turn of a chunk's `turns` (a jsonb array of {text}) with their counts, one
 * object per turn (`{"pool": 2, "postgr": 1}`), as recall ranks turns by (BM25 needs each term's
 * frequency and the turn's length) and picks the one to quote (RecallTurnTerms' backfill ran with it).
 */
export const TURN_LEXEMES_SQL = (turns: string) =>
  `(SELECT coalesce(jsonb_agg(
       (SELECT coalesce(jsonb_object_agg(v.lexeme, coalesce(array_length(v.positions, 1), 1)), '{}'::jsonb)
        FROM unnest(to_tsvector('english', tl.turn ->> 'text')) v)
     ORDER BY tl.n), '[]'::jsonb)
    FROM jsonb_array_elements(${turns}) WITH ORDINALITY AS tl(turn, n))`;

/** The distinct lexemes of a text (Postgres's English stemming), as text[]: what recall_lexemes counts. */
export const CHUNK_LEXEMES_SQL = (text: string) =>
  `tsvector_to_array(to_tsvector('english', ${text}))`;

/** A lexeme's 32-bit hash, as recall_chunk_terms stores it and a question looks it up (RecallTermHashes ran with it). */
export const LEXEME_HASH_SQL = (lexeme: string) => `hashtext(${lexeme})`;

/** The hashes of a text[] of lexemes, as int4[]. */
export const LEXEME_HASHES_SQL = (lexemes: string) =>
  `ARRAY(SELECT ${LEXEME_HASH_SQL('l')} FROM unnest(${lexemes}) l)`;
