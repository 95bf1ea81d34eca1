/** The exhaustive path's candidate chunks: bounded selections read with their turns' lexeme counts, for turn ranking. */
import type { DataSource } from 'typeorm';
import type { CandidateChunk } from '../../domain/rank-turns';
import type { ChunkLexeme } from '../lexeme-weights';
import type { Question } from './question';
import {
  bestCandidatesSql,
  CANDIDATE_ORDER,
  selectionSql,
  selectionsOf,
  type Selection,
} from './selections';

/**
 * Candidate chunks for `lexemes` with their turns' lexeme counts: bounded selections
 * (candidateLexemes: any of the rare words, all of the common ones, and the time the question names),
 * each at most SELECTION_CAP rows, and when they come up short the newest chunks holding the rarest
 * word left; the best CANDIDATES of them by their idf-weighted share of the question. Scoring every
 * match of a common word was most of recall's time at 100,000 chunks.
 */
export async function candidateChunks(
  db: DataSource,
  question: Question,
  lexemes: ChunkLexeme[],
  limit: number,
  exclude: string[] = [],
): Promise<CandidateChunk[]> {
  const { plan, chunks, small } = question;
  const { selections, fallback } = selectionsOf(lexemes, chunks, small);
  const window = exclude.length === 0 ? (small ? 'whole' : 'capped') : 'none';
  const found =
    selections.length > 0 || (plan.window && window !== 'none')
      ? await selectChunks(db, question, lexemes, selections, window, exclude)
      : [];
  if (found.length >= limit || !fallback) return found;
  // too few: the rarest word not selected on its own, in its newest chunks
  const more = await selectChunks(db, question, lexemes, [fallback], 'none', [
    ...exclude,
    ...found.map((c) => c.chunkId),
  ]);
  return [...found, ...more];
}

/**
 * The chunks the selections match (not those in `exclude`), the best CANDIDATES by their share of
 * `lexemes` (lifted in the time the question names), with their turns' lexeme counts. With `window`
 * 'whole' or 'capped', also those in the time the question names (all of them in a small account,
 * else up to SELECTION_CAP).
 */
export async function selectChunks(
  db: DataSource,
  question: Question,
  lexemes: ChunkLexeme[],
  selections: Selection[],
  window: 'whole' | 'capped' | 'none',
  exclude: string[],
): Promise<CandidateChunk[]> {
  const { accountId, request, plan } = question;
  const params: unknown[] = [accountId, plan.window?.from ?? null, plan.window?.to ?? null];
  const param = (value: unknown) => `$${params.push(value)}`;
  const totalIdf = lexemes.reduce((sum, l) => sum + l.idf, 0) || 1;
  const selected = selectionSql(
    request,
    Boolean(plan.window),
    lexemes,
    totalIdf,
    selections,
    window,
    param,
    exclude,
  );
  if (selected.parts.length === 0) return [];
  const rows: Array<{
    chunk_id: string;
    session_id: string;
    in_window: boolean | null;
    seqs: number[];
    turn_lexemes: Array<Record<string, number>>;
  }> = await db.query(
    `SELECT c.chunk_id, k.session_id, c.in_window, k.seqs, k.turn_lexemes
     FROM (${bestCandidatesSql(selected)}) c
     JOIN recall_chunks k ON k.account_id = $1 AND k.chunk_id = c.chunk_id
     ORDER BY c.score DESC, ${CANDIDATE_ORDER}`,
    params,
  );
  return rows.map((row) => ({
    chunkId: row.chunk_id,
    sessionId: row.session_id,
    inWindow: row.in_window,
    turns: row.seqs.map((seq, i) => ({ seq, terms: termsOf(row.turn_lexemes[i]) })),
  }));
}

/** A turn's lexeme counts as stored (an array of lexemes before RecallTurnTerms: one each). */
const termsOf = (stored: Record<string, number> | string[] | undefined): Record<string, number> =>
  Array.isArray(stored) ? Object.fromEntries(stored.map((l) => [l, 1])) : (stored ?? {});
