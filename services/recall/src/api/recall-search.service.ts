import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@mnemo/persistence';
import type { RecallHit, RecallRequest } from '@mnemo/contracts';
import { chunkScore, selectingLexemes, tsqueryOperand } from '../domain/lexical-score';
import { planQuery } from '../domain/plan-query';
import { datedSnippet, orderTurns } from '../domain/turn-order';
import { RECALL_CONFIG } from '../recall.constants';
import type { RecallConfig } from '../recall.config';
import { weighLexemes } from './lexeme-weights';


/** Rows the selecting lexemes may match, at most (see selectingLexemes). */
const SELECT_BUDGET = 3000;
/** Candidates handed back for the final ordering. */
const CANDIDATES = 100;
/** The question's lexemes that score, the rarest first; more add nothing but time. */
const MAX_LEXEMES = 16;
/** A question's word found only in a neighbouring window's edge turn counts this much. */
const NEAR_SHARE = 0.5;
const HEADLINE = 'StartSel=**, StopSel=**, MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';

/**
 * Lexical recall over conversation chunks (seed 003's recall_conversation): the question's lexemes
 * are weighted by idf in the account, the rarest select candidates through the GIN index of the
 * narrow terms table, each candidate scores the idf-weighted share of the question it holds (lifted
 * in the time the question names), and the best get their turns ordered and a dated snippet.
 */
@Injectable()
export class RecallSearchService {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(RECALL_CONFIG) private readonly config: RecallConfig,
  ) {}

  async recall(accountId: string, request: RecallRequest, now: Date): Promise<RecallHit[]> {
    const plan = planQuery(request.query, now);
    const lexemes = (await weighLexemes(this.db, 'recall_chunk_terms', accountId, plan.words.join(' ')))
      .sort((a, b) => b.idf - a.idf || a.lexeme.localeCompare(b.lexeme))
      .slice(0, MAX_LEXEMES);
    // a word no chunk holds selects nothing but still weighs: a question about something never said scores low
    const selecting = selectingLexemes(lexemes, SELECT_BUDGET);
    if (selecting.length === 0 && !plan.window) return [];
    const totalIdf = lexemes.reduce((sum, l) => sum + l.idf, 0) || 1;
    const params: unknown[] = [accountId, selecting.map((l) => tsqueryOperand(l)).join(' | '), plan.window?.from ?? null, plan.window?.to ?? null, CANDIDATES];
    const param = (value: unknown) => `$${params.push(value)}`;
    const coverage = lexemes.length
      ? lexemes
          .map((l) => {
            const [share, operand] = [param(l.idf / totalIdf), param(tsqueryOperand(l.lexeme))];
            return `${share}::float8 * CASE WHEN t.terms @@ ${operand}::tsquery THEN 1 WHEN t.near @@ ${operand}::tsquery THEN ${NEAR_SHARE} ELSE 0 END`;
          })
          .join(' + ')
      : '0';
    const filters: string[] = [];
    if (request.sessionIds?.length) filters.push(`t.session_id = ANY(${param(request.sessionIds)}::text[])`);
    if (request.since) filters.push(`t.occurred_at >= ${param(request.since)}::timestamptz`);
    if (request.developer !== undefined) filters.push(`s.developer = ${param(request.developer)}`);
    if (request.project !== undefined) filters.push(`s.project = ${param(request.project)}`);
    const joinSessions = request.developer !== undefined || request.project !== undefined;
    const selectBy = plan.window
      ? '(t.terms @@ $2::tsquery OR t.near @@ $2::tsquery OR (t.occurred_at >= $3::timestamptz AND t.occurred_at < $4::timestamptz))'
      : '(t.terms @@ $2::tsquery OR t.near @@ $2::tsquery)';
    const candidates: Array<{ chunk_id: string; coverage: number; in_window: boolean | null }> = await this.db.query(
      `SELECT t.chunk_id, (${coverage})::float8 AS coverage,
              CASE WHEN $3::timestamptz IS NULL THEN NULL ELSE t.occurred_at >= $3::timestamptz AND t.occurred_at < $4::timestamptz END AS in_window,
              t.occurred_at
       FROM recall_chunk_terms t ${joinSessions ? 'JOIN recall_sessions s ON s.account_id = t.account_id AND s.session_id = t.session_id' : ''}
       WHERE t.account_id = $1 AND ${selectBy} ${filters.map((f) => `AND ${f}`).join(' ')}
       ORDER BY in_window DESC NULLS LAST, coverage DESC, t.occurred_at DESC, t.chunk_id
       LIMIT $5`,
      params,
    );
    const ranked = candidates
      .map((c) => ({ chunkId: c.chunk_id, score: chunkScore(c.coverage, c.in_window) }))
      .filter((c) => c.score >= this.config.minScore)
      .sort((a, b) => b.score - a.score)
      .slice(0, request.limit);
    return this.present(accountId, ranked, new Map(lexemes.map((l) => [l.lexeme, l.idf / totalIdf])));
  }

  /** The best chunks with their turns ordered (each turn scored by its share of the question) and a snippet of the best turn. */
  private async present(accountId: string, ranked: Array<{ chunkId: string; score: number }>, weight: Map<string, number>): Promise<RecallHit[]> {
    if (ranked.length === 0) return [];
    const operands = [...weight.keys()].map((lexeme) => tsqueryOperand(lexeme));
    const rows: Array<{ chunk_id: string; session_id: string; occurred_at: Date; text: string; turns: Array<{ seq: number; text: string; terms: string[] }> }> =
      await this.db.query(
        `SELECT c.chunk_id, c.session_id, c.occurred_at, c.text,
                (SELECT json_agg(json_build_object('seq', (t.turn ->> 'seq')::int, 'text', t.turn ->> 'text',
                   'terms', tsvector_to_array(to_tsvector('english', t.turn ->> 'text'))) ORDER BY t.n)
                 FROM jsonb_array_elements(c.turns) WITH ORDINALITY AS t(turn, n)) AS turns
         FROM recall_chunks c WHERE c.account_id = $1 AND c.chunk_id = ANY($2::text[])`,
        [accountId, ranked.map((r) => r.chunkId)],
      );
    const byId = new Map(rows.map((row) => [row.chunk_id, row]));
    const hits = ranked.flatMap(({ chunkId, score }) => {
      const row = byId.get(chunkId);
      if (!row) return [];
      const turns = (row.turns ?? []).map((turn) => ({ seq: turn.seq, text: turn.text, score: turn.terms.reduce((sum, term) => sum + (weight.get(term) ?? 0), 0) }));
      const turnSeqs = orderTurns(turns);
      const best = turns.find((turn) => turn.seq === turnSeqs[0]);
      return [{ chunkId, sessionId: row.session_id, turnSeqs, occurredAt: new Date(row.occurred_at).toISOString(), best: best?.text ?? row.text, score: Math.round(score * 1000) / 1000 }];
    });
    // one headline per hit, on its best turn only: ts_headline re-parses its whole input
    const headlines: Array<{ headline: string }> = operands.length
      ? await this.db.query(
          `SELECT ts_headline('english', b.text, $2::tsquery, $3) AS headline FROM unnest($1::text[]) WITH ORDINALITY AS b(text, n) ORDER BY b.n`,
          [hits.map((hit) => hit.best), operands.join(' | '), HEADLINE],
        )
      : hits.map((hit) => ({ headline: hit.best.slice(0, 300) }));
    return hits.map(({ best: _best, ...hit }, i) => ({ ...hit, snippet: datedSnippet(hit.occurredAt, headlines[i]?.headline ?? '') }));
  }
}
