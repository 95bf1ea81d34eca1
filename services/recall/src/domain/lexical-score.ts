/** A query lexeme with its inverse document frequency in the account's chunks. */
export interface WeightedLexeme {
  lexeme: string;
  idf: number;
}

/**
 * BM25's idf from a document frequency; `df` may be a capped count (a lexeme in more chunks than the
 * cap is common whatever its exact count), so the weight of common words saturates low.
 */
export const idf = (df: number, total: number): number => Math.log(1 + (Math.max(total, df) - df + 0.5) / (df + 0.5));

/** A lexeme as a tsquery operand, quoted so that any character in it is taken literally; `weight` restricts it to one weight class. */
export const tsqueryOperand = (lexeme: string, weight?: 'A'): string => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${weight ? `:${weight}` : ''}`;

/**
 * The lexemes that select candidates: the rarer ones when some are rare (a common word alone would
 * drag thousands of chunks into scoring for little signal), else all of them.
 */
export function selectingLexemes(lexemes: ReadonlyArray<{ lexeme: string; df: number }>, commonAt: number): string[] {
  const rare = lexemes.filter((l) => l.df < commonAt);
  return (rare.length ? rare : lexemes).map((l) => l.lexeme);
}

/** The share of the score that are not coverage: how densely and closely the words occur (ts_rank_cd, normalized). */
const DENSITY_SHARE = 0.15;
/** Outside the time a question names, a chunk keeps this share of its score. */
export const OUT_OF_WINDOW_FACTOR = 0.6;

/**
 * The 0–1 score of a chunk: the idf-weighted share of the query's lexemes it holds (its own text
 * counts whole, its neighbours' edge turns half), with a little weight for density.
 */
export function chunkScore(coverage: number, density: number, inWindow: boolean | null): number {
  const base = (1 - DENSITY_SHARE) * Math.min(1, coverage) + DENSITY_SHARE * Math.min(1, density);
  return inWindow === false ? base * OUT_OF_WINDOW_FACTOR : base;
}
