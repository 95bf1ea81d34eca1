/** The at-scale path: bounded selections scored by the question's share they hold, ranked (and presented) in one statement. */
import type { DataSource } from 'typeorm';
import type { RecallHit } from '@mnemo/contracts';
import { ANSWER_SHARE } from '../../domain/rank-turns';
import { presentRows } from './present-hits';
import { CANDIDATES, type Question, type Ranked } from './question';
import {
  bestCandidatesSql,
  CANDIDATE_ORDER,
  selectionSql,
  selectionsOf,
  type Selection,
} from './selections';

/**
 * An account past the exhaustive size: chunks by the idf-weighted share of the question they hold
 * (no turn ranking: reading every candidate's turns cost more than the 20 ms a question has at
 * 100,000 chunks), best first, those under the minimum score dropped: presented, the
 * best `shown` of them, or as ranked candidates when `shown` is null (to be fused first).
 * Candidates come from bounded selections (candidateLexemes: any of the rare words, all of the common
 * ones, the time the question names), each at most SELECTION_CAP rows, and only when they come up
 * short from the newest chunks holding the rarest word left; each candidate scores the idf-weighted
 * share of the question it holds (lifted in the time the question names). Scoring every match of a
 * common word was most of recall's time at 100,000 chunks.
 */
export async function boundedHits(
  db: DataSource,
  question: Question,
  shown: number,
): Promise<RecallHit[]>;
export async function boundedHits(
  db: DataSource,
  question: Question,
  shown: null,
): Promise<Ranked[]>;
export async function boundedHits(
  db: DataSource,
  question: Question,
  shown: number | null,
): Promise<Array<RecallHit | Ranked>> {
  const { request, plan, lexemes, chunks, small } = question;
  const { selections, fallback } = selectionsOf(lexemes, chunks, small);
  const limit = shown ?? request.limit;
  const found =
    selections.length > 0 || plan.window
      ? await scoreSelections(db, question, selections, small ? 'whole' : 'capped', {
          shown,
          exclude: [],
        })
      : [];
  if (found.length >= limit || !fallback) return found;
  // too few: the rarest word not selected on its own, in its newest chunks
  const more = await scoreSelections(db, question, [fallback], 'none', {
    shown: shown === null ? null : shown - found.length,
    exclude: found.map((c) => c.chunkId),
  });
  // stable: a found chunk stays ahead of a fallback one it ties with
  return [...found, ...more].sort((a, b) => b.score - a.score);
}

/**
 * The chunks the selections match (not those in `exclude`), scored, at least the minimum score, best
 * first: with `shown` set, that many presented in the same statement; else the best CANDIDATES,
 * ranked. With `window` 'whole' or 'capped', also those in the time the question names (all of them
 * in a small account, else up to SELECTION_CAP).
 */
async function scoreSelections(
  db: DataSource,
  question: Question,
  selections: Selection[],
  window: 'whole' | 'capped' | 'none',
  out: { shown: number | null; exclude: string[] },
): Promise<Array<RecallHit | Ranked>> {
  const { accountId, request, plan, lexemes, totalIdf } = question;
  const params: unknown[] = [accountId, plan.window?.from ?? null, plan.window?.to ?? null];
  const param = (value: unknown) => `$${params.push(value)}`;
  const selected = selectionSql(
    request,
    Boolean(plan.window),
    lexemes,
    totalIdf,
    selections,
    window,
    param,
    [],
  );
  // whether the question is answered is read on its best chunk, as on the exhaustive path
  // (answerScores); a fallback pass (chunks excluded) is not lifted by its own best
  const lift = param(out.exclude.length === 0 ? ANSWER_SHARE : 0);
  const ranked = `SELECT r.chunk_id, r.score, NULL::int AS best, r.rank FROM (
     SELECT c.chunk_id, ${lift}::float8 * max(c.score) OVER () + (1 - ${lift}::float8) * c.score AS score,
            row_number() OVER (ORDER BY c.score DESC, ${CANDIDATE_ORDER}) AS rank
     FROM (${bestCandidatesSql(selected)}) c
     WHERE c.chunk_id <> ALL(${param(out.exclude)}::text[])) r
     WHERE r.score >= ${param(question.floor)}::float8
     ORDER BY r.rank
     LIMIT ${out.shown ?? CANDIDATES}`;
  if (out.shown !== null) return presentRows(db, question, ranked, params);
  const rows: Array<{ chunk_id: string; score: number }> = await db.query(ranked, params);
  return rows.map((r) => ({ chunkId: r.chunk_id, score: r.score }));
}
