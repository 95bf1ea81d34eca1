import type { DataSource } from 'typeorm';
import { idf, type WeightedLexeme } from '../domain/lexical-score';
import { CHUNK_COUNT_LEXEME } from '../domain/lexeme-delta';
import { CHUNK_LEXEMES_SQL, LEXEME_HASH_SQL } from '../projections/turn-lexemes.writes';

/** Document frequencies are counted up to this: past it a lexeme is common, whatever its exact count. */
export const DF_CAP = 1000;

/** Recall's full-text tables counted at query time; a name here is only ever one of these constants, never input. */
export type LexicalTable = 'recall_decisions';

/**
 * The lexemes of `text` (Postgres's English stemming) with their exact df and idf among the account's
 * chunks, read from recall_lexemes (kept by the projection): one index lookup per lexeme, whatever
 * the account's size; with the account's chunk count, each lexeme's hash, and whether it stems from
 * one of `names`. `text` as `{ lexemes }` is taken as lexemes already (feedback from the chunks' own).
 */
export async function weighChunkLexemes(
  db: DataSource,
  accountId: string,
  text: string | { lexemes: string[] },
  names: string[] = [],
): Promise<{ lexemes: ChunkLexeme[]; total: number }> {
  const given = typeof text === 'string' ? null : text.lexemes;
  if (given ? given.length === 0 : !(text as string).trim()) return { lexemes: [], total: 0 };
  const source = given
    ? `SELECT DISTINCT unnest($2::text[]) AS l`
    : `SELECT DISTINCT unnest(${CHUNK_LEXEMES_SQL('$2')}) AS l`;
  const rows: Array<{ lexeme: string; df: number; hash: number; name: boolean }> = await db.query(
    `SELECT q.l AS lexeme, coalesce(x.df, 0)::int AS df, ${LEXEME_HASH_SQL('q.l')} AS hash,
            q.l = ANY(${CHUNK_LEXEMES_SQL('$4')}) AS name
     FROM (${source} UNION ALL SELECT $3) q
     LEFT JOIN recall_lexemes x ON x.account_id = $1 AND x.lexeme = q.l`,
    [accountId, given ?? text, CHUNK_COUNT_LEXEME, names.join(' ')],
  );
  const total = rows.find((r) => r.lexeme === CHUNK_COUNT_LEXEME)?.df ?? 0;
  return {
    lexemes: rows
      .filter((r) => r.lexeme !== CHUNK_COUNT_LEXEME)
      .map((r) => ({
        lexeme: r.lexeme,
        df: r.df,
        hash: r.hash,
        idf: idf(r.df, total),
        name: r.name === true,
      })),
    total,
  };
}

/** A question's lexeme among the account's chunks: its document frequency, weight and hash (how recall_chunk_terms holds it). */
export interface ChunkLexeme extends WeightedLexeme {
  df: number;
  hash: number;
  /** Stems from a word the question wrote with a capital (a name). */
  name: boolean;
}

/** The row count per account changes slowly; idf needs it only roughly. */
const TOTAL_TTL_MS = 60_000;
const totals = new Map<string, { n: number; at: number }>();

/** The lexemes of `text` (Postgres's English stemming) with their df (capped) and idf among the account's rows of `table`. */
export async function weighLexemes(
  db: DataSource,
  table: LexicalTable,
  accountId: string,
  text: string,
): Promise<Array<WeightedLexeme & { df: number }>> {
  if (!text.trim()) return [];
  const [rows, total] = await Promise.all([
    db.query<Array<{ lexeme: string; df: number }>>(
      `SELECT l AS lexeme,
              (SELECT count(*) FROM (SELECT 1 FROM ${table} t WHERE t.account_id = $1 AND t.tsv @@ quote_literal(l)::tsquery LIMIT $3) x)::int AS df
       FROM (SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('english', $2))) AS l) q`,
      [accountId, text, DF_CAP],
    ),
    rowTotal(db, table, accountId),
  ]);
  return rows.map((r) => ({ lexeme: r.lexeme, df: r.df, idf: idf(r.df, total) }));
}

async function rowTotal(db: DataSource, table: LexicalTable, accountId: string): Promise<number> {
  const key = `${table}\u0000${accountId}`;
  const cached = totals.get(key);
  if (cached && Date.now() - cached.at < TOTAL_TTL_MS) return cached.n;
  const [row]: Array<{ n: number }> = await db.query(
    `SELECT count(*)::int AS n FROM ${table} WHERE account_id = $1`,
    [accountId],
  );
  const n = row?.n ?? 0;
  if (totals.size > 10_000) totals.clear();
  totals.set(key, { n, at: Date.now() });
  return n;
}
