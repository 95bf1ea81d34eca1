/** A query lexeme with its inverse document frequency in the account's chunks. */
export interface WeightedLexeme {
  lexeme: string;
  idf: number;
}

/**
 * BM25's idf from a document frequency; `df` may be a capped count (a lexeme in more chunks than the
 * cap is common whatever its exact count), so the weight of common words saturates low.
 */
export const idf = (df: number, total: number): number =>
  Math.log(1 + (Math.max(total, df) - df + 0.5) / (df + 0.5));

/** A lexeme as a tsquery operand, quoted so that any character in it is taken literally; `weight` restricts it to one weight class. */
export const tsqueryOperand = (lexeme: string, weight?: 'A'): string =>
  `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${weight ? `:${weight}` : ''}`;

/**
 * The lexemes that select candidates: the rarest first, while the rows they can match stay within
 * `budget` (at least the rarest one). A chunk holding none of them holds only common words of the
 * question, so it could not score well; leaving those out keeps the scored set small at any size.
 */
export function selectingLexemes(
  lexemes: ReadonlyArray<{ lexeme: string; df: number }>,
  budget: number,
): string[] {
  const present = [...lexemes]
    .filter((l) => l.df > 0)
    .sort((a, b) => a.df - b.df || a.lexeme.localeCompare(b.lexeme));
  const chosen: string[] = [];
  let rows = 0;
  for (const l of present) {
    if (chosen.length > 0 && rows + l.df > budget) break;
    chosen.push(l.lexeme);
    rows += l.df;
  }
  return chosen;
}

/** In the time a question names, a chunk scores at least this, and more as it holds the question's words. */
export const IN_WINDOW_FLOOR = 0.4;
/** Outside the time a question names, a chunk keeps this share of its score. */
export const OUT_OF_WINDOW_FACTOR = 0.6;

/**
 * Coverage is raised to this power, calibrated so that the default minimum (0.30, a chunk holding 8%
 * of the question's weight) is the highest floor that keeps every dev split's answerable recall within
 * a point of no floor at all (the criterion and the floor's curve: docs/recall.md): a question's words
 * include framing no answer repeats, and a recall asked for and missed loses the answer.
 */
const COVERAGE_EXPONENT = 0.47;

/**
 * The 0–1 score of a chunk, in SQL over its `coverage` and `inWindow` expressions: the idf-weighted
 * share of the question's lexemes it (or its neighbours' edge turns) holds, lifted inside the time the
 * question names and lowered outside it (`inWindow` null: the question names no time). Recall ranks
 * in the statement that presents the hits, so the score is reckoned there.
 */
export const CHUNK_SCORE_SQL = (coverage: string, inWindow: string): string => {
  const base = `power(least(1.0::float8, greatest(0.0::float8, (${coverage})::float8)), ${COVERAGE_EXPONENT}::float8)`;
  return `(CASE WHEN ${inWindow} IS NULL THEN ${base}
                WHEN ${inWindow} THEN ${IN_WINDOW_FLOOR}::float8 + (1 - ${IN_WINDOW_FLOOR}::float8) * ${base}
                ELSE ${base} * ${OUT_OF_WINDOW_FACTOR}::float8 END)`;
};

/** CHUNK_SCORE_SQL in TypeScript, for a hit ranked outside the database: the 0–1 score the minimum is read on. */
export function chunkScore(coverage: number, inWindow: boolean | null): number {
  const base = Math.pow(Math.min(1, Math.max(0, coverage)), COVERAGE_EXPONENT);
  if (inWindow === null) return base;
  return inWindow ? IN_WINDOW_FLOOR + (1 - IN_WINDOW_FLOOR) * base : base * OUT_OF_WINDOW_FACTOR;
}

/** A lexeme in more than this share of the chunks joins a conjunction only as one of its first two. */
const UBIQUITOUS_SHARE = 0.25;

/** How a question's lexemes find candidate chunks (see candidateLexemes). */
export interface CandidateLexemes {
  /** Rare lexemes: a chunk holding any of them is a candidate (their document frequencies, `anyRows`, sum within the budget). */
  any: string[];
  anyRows: number;
  /** Common lexemes: a chunk holding all of them is a candidate; `allRows` is how many chunks that is expected to be. */
  all: string[];
  allRows: number;
  /** The rarest lexeme in neither list's reach on its own, for a question whose candidates come up short. */
  fallback?: { lexeme: string; df: number };
}

/**
 * Candidate selection that stays bounded at any account size: the rarest lexemes while their rows
 * fit `budget` select by any (OR), and the rest select by the conjunction of the shortest run of them,
 * rarest first, expected (as if independent) to fit the budget, or of all of them when none does.
 * A chunk that holds none of the rare words and not the common ones together holds a small share of
 * the question, so it could not rank in the top few; what is left out is what scoring every match of a
 * common word would cost.
 */
export function candidateLexemes(
  lexemes: ReadonlyArray<{ lexeme: string; df: number }>,
  total: number,
  budget: number,
): CandidateLexemes {
  const present = [...lexemes]
    .filter((l) => l.df > 0)
    .sort((a, b) => a.df - b.df || a.lexeme.localeCompare(b.lexeme));
  const any: string[] = [];
  let rows = 0;
  for (const l of present) {
    if (rows + l.df > budget) break;
    any.push(l.lexeme);
    rows += l.df;
  }
  const rest = present.slice(any.length);
  const n = Math.max(total, 1);
  // a word in most chunks narrows a conjunction little and costs its whole posting list: it scores, it does not select
  const narrowing = rest.filter((l, i) => i < 2 || l.df <= n * UBIQUITOUS_SHARE);
  let allRows = n;
  const all: string[] = [];
  for (const l of narrowing) {
    all.push(l.lexeme);
    allRows *= Math.min(1, l.df / n);
    if (all.length >= 2 && allRows <= budget) break;
  }
  const fallback = rest[0] ? { lexeme: rest[0].lexeme, df: rest[0].df } : undefined;
  return all.length >= 2
    ? { any, anyRows: rows, all, allRows, fallback }
    : { any, anyRows: rows, all: [], allRows: 0, fallback };
}
