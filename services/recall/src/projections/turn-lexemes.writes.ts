/**
 * The lexemes of each turn of a chunk's `turns` (a jsonb array of {text}), as recall's present step scores
 * them: one SQL expression, for the projection (chunks.writes) and RecallTurnLexemes' backfill alike. That
 * migration ran with it as it is: a change to it needs a migration that rewrites the column too.
 */
export const TURN_LEXEMES_SQL = (turns: string) =>
  `(SELECT coalesce(jsonb_agg(to_jsonb(tsvector_to_array(to_tsvector('english', tl.turn ->> 'text'))) ORDER BY tl.n), '[]'::jsonb)
    FROM jsonb_array_elements(${turns}) WITH ORDINALITY AS tl(turn, n))`;
