/** Ranked chunks shaped as recall's answer: their turns and a dated snippet of the turn that answers, scores rounded. */
import type { DataSource } from 'typeorm';
import type { RecallHit } from '@mnemo/contracts';
import { tsqueryOperand } from '../../domain/lexical-score';
import { MATCH_START, MATCH_STOP, orderTurns, snippetOf } from '../../domain/turn-order';
import type { Question, Ranked } from './question';

const HEADLINE = `StartSel=${MATCH_START}, StopSel=${MATCH_STOP}, MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/** Scores as the contract shows them: three decimals. */
export const rounded = (hits: RecallHit[]): RecallHit[] =>
  hits.map((hit) => ({ ...hit, score: Math.round(hit.score * 1000) / 1000 }));

/**
 * Ranked chunks presented in their order: each with its turns (those ranking chose, else every turn
 * by its share of the question, the best first) and a dated snippet of the turn that holds the most
 * of the question (the ranked first among equals): the answer an agent reads, not only the turn that
 * led to it. ts_headline re-parses its whole input, so it runs on that one turn only.
 */
export async function present(
  db: DataSource,
  question: Question,
  ranked: Ranked[],
): Promise<RecallHit[]> {
  if (ranked.length === 0) return [];
  const params: unknown[] = [question.accountId];
  const param = (value: unknown) => `$${params.push(value)}`;
  const relation = `SELECT r.chunk_id, r.score, r.best, r.rank FROM unnest(${param(ranked.map((r) => r.chunkId))}::text[], ${param(ranked.map((r) => r.score))}::float8[], ${param(ranked.map((r) => r.turnSeqs?.[0] ?? null))}::int[]) WITH ORDINALITY AS r(chunk_id, score, best, rank)`;
  return presentRows(db, question, relation, params, ranked);
}

/**
 * The chunks of `ranked` (a relation of chunk_id, score, best turn seq or null, rank over `params`,
 * $1 the account) with their turns (those `chosen` names, else every turn by its share of the
 * question, the best first) and a snippet of the first, in rank order.
 */
export async function presentRows(
  db: DataSource,
  question: Question,
  relation: string,
  params: unknown[],
  chosen: Ranked[] = [],
): Promise<RecallHit[]> {
  const { lexemes, totalIdf } = question;
  const param = (value: unknown) => `$${params.push(value)}`;
  const operands = lexemes.map((l) => tsqueryOperand(l.lexeme));
  const query = param(operands.length ? operands.join(' | ') : null);
  const [words, shares] = [
    param(lexemes.map((l) => l.lexeme)),
    param(lexemes.map((l) => l.idf / totalIdf)),
  ];
  const rows: Array<{
    chunk_id: string;
    score: number;
    session_id: string;
    occurred_at: Date;
    turns: Array<{ seq: number; score: number }> | null;
    headline: string;
  }> = await db.query(
    `SELECT c.chunk_id, r.score, c.session_id, c.occurred_at, s.turns,
              CASE WHEN ${query}::tsquery IS NULL THEN left(coalesce(s.best, c.text), 300)
                   ELSE ts_headline('english', coalesce(s.best, c.text), ${query}::tsquery, ${param(HEADLINE)}) END AS headline
       FROM (${relation}) r
       JOIN recall_chunks c ON c.account_id = $1 AND c.chunk_id = r.chunk_id
       CROSS JOIN LATERAL (
         SELECT json_agg(json_build_object('seq', x.seq, 'score', x.score) ORDER BY x.n) AS turns,
                (array_agg(x.text ORDER BY x.score DESC, (x.seq = r.best) DESC, x.n))[1] AS best
         FROM (SELECT t.n, (t.turn ->> 'seq')::int AS seq, t.turn ->> 'text' AS text,
                      (SELECT coalesce(sum(w.share), 0) FROM unnest(${words}::text[], ${shares}::float8[]) AS w(lexeme, share) WHERE t.lexemes ? w.lexeme)::float8 AS score
               -- each turn beside its lexemes, stored with the chunk (parsing the turns here was a third of a question's time)
               FROM ROWS FROM (jsonb_array_elements(c.turns), jsonb_array_elements(c.turn_lexemes)) WITH ORDINALITY AS t(turn, lexemes, n)) x
       ) s
       ORDER BY r.rank`,
    params,
  );
  const turnsOf = new Map(chosen.map((r) => [r.chunkId, r.turnSeqs]));
  return rows.map((row) => {
    const occurredAt = new Date(row.occurred_at).toISOString();
    return {
      chunkId: row.chunk_id,
      sessionId: row.session_id,
      turnSeqs: turnsOf.get(row.chunk_id) ?? orderTurns(row.turns ?? []),
      occurredAt,
      ...snippetOf(occurredAt, row.headline ?? ''),
      score: row.score,
    };
  });
}
