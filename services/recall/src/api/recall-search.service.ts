import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@mnemo/persistence';
import { chunkScore, selectingLexemes, tsqueryOperand } from '../domain/lexical-score';
import { planQuery } from '../domain/plan-query';
import { datedSnippet, orderTurns } from '../domain/turn-order';
import { RECALL_CONFIG } from '../recall.constants';
import { COMMON_AT, weighLexemes } from './lexeme-weights';
import type { RecallConfig } from '../recall.config';

export interface RecallRequest {
  query: string;
  limit: number;
  sessionIds?: string[];
  developer?: string;
  project?: string;
  since?: string;
}

export interface RecallHit {
  chunkId: string;
  sessionId: string;
  turnSeqs: number[];
  occurredAt: string;
  snippet: string;
  score: number;
}

/** Candidates scored in full per query, best by coverage first. */
const CANDIDATES = 200;
const HEADLINE = 'StartSel=**, StopSel=**, MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';

/**
 * Lexical recall over conversation chunks (seed 003's recall_conversation): the query's lexemes are
 * weighted by idf in the account, the rarer ones select candidates through the GIN index, every
 * candidate is scored by the idf-weighted share of the query it holds, and the best get their turns
 * ordered and a dated, highlighted snippet.
 */
@Injectable()
export class RecallSearch {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(RECALL_CONFIG) private readonly config: RecallConfig,
  ) {}

  async recall(accountId: string, request: RecallRequest, now: Date): Promise<RecallHit[]> {
    const plan = planQuery(request.query, now);
    const lexemes = await weighLexemes(this.db, 'recall_chunks', accountId, plan.words.join(' '));
    // a word no chunk holds selects nothing but still weighs: a question about something never said scores low
    const selecting = selectingLexemes(lexemes.filter((l) => l.df > 0), COMMON_AT);
    if (selecting.length === 0) return [];
    const totalIdf = lexemes.reduce((sum, l) => sum + l.idf, 0);
    const filters: string[] = [];
    const params: unknown[] = [
      accountId,
      selecting.map((l) => tsqueryOperand(l)).join(' | '),
      lexemes.map((l) => tsqueryOperand(l.lexeme)),
      lexemes.map((l) => tsqueryOperand(l.lexeme, 'A')),
      lexemes.map((l) => l.idf / totalIdf),
      plan.window?.from ?? null,
      plan.window?.to ?? null,
      CANDIDATES,
    ];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (request.sessionIds?.length) filters.push(`c.session_id = ANY(${param(request.sessionIds)}::text[])`);
    if (request.since) filters.push(`c.occurred_at >= ${param(request.since)}::timestamptz`);
    if (request.developer !== undefined) filters.push(`s.developer = ${param(request.developer)}`);
    if (request.project !== undefined) filters.push(`s.project = ${param(request.project)}`);
    const joinSessions = request.developer !== undefined || request.project !== undefined;
    const candidates: Array<{ chunk_id: string; coverage: number; density: number; in_window: boolean | null }> = await this.db.query(
      `SELECT c.chunk_id,
              (SELECT coalesce(sum(w.share * CASE WHEN c.tsv @@ w.a THEN 1 WHEN c.tsv @@ w.q THEN 0.5 ELSE 0 END), 0)
               FROM unnest($3::tsquery[], $4::tsquery[], $5::float8[]) AS w(q, a, share))::float8 AS coverage,
              ts_rank_cd(c.tsv, $2::tsquery, 32)::float8 AS density,
              CASE WHEN $6::timestamptz IS NULL THEN NULL ELSE c.occurred_at >= $6::timestamptz AND c.occurred_at < $7::timestamptz END AS in_window
       FROM recall_chunks c ${joinSessions ? 'JOIN recall_sessions s ON s.account_id = c.account_id AND s.session_id = c.session_id' : ''}
       WHERE c.account_id = $1 AND c.tsv @@ $2::tsquery ${filters.map((f) => `AND ${f}`).join(' ')}
       ORDER BY coverage DESC, density DESC, c.chunk_id
       LIMIT $8`,
      params,
    );
    const ranked = candidates
      .map((c) => ({ chunkId: c.chunk_id, score: chunkScore(c.coverage, c.density * 2, c.in_window) }))
      .filter((c) => c.score >= this.config.minScore)
      .sort((a, b) => b.score - a.score || a.chunkId.localeCompare(b.chunkId))
      .slice(0, request.limit);
    return this.present(accountId, ranked, params[2] as string[], params[4] as number[], selecting.map((l) => tsqueryOperand(l)).join(' | '));
  }

  /** The best chunks with their turns ordered (each turn scored like a chunk, by its share of the query) and a snippet. */
  private async present(
    accountId: string,
    ranked: Array<{ chunkId: string; score: number }>,
    operands: string[],
    shares: number[],
    highlight: string,
  ): Promise<RecallHit[]> {
    if (ranked.length === 0) return [];
    const rows: Array<{ chunk_id: string; session_id: string; occurred_at: Date; headline: string; turns: Array<{ seq: number; score: number }> }> =
      await this.db.query(
        `SELECT c.chunk_id, c.session_id, c.occurred_at,
                ts_headline('english', c.text, $4::tsquery, $5) AS headline,
                (SELECT json_agg(json_build_object('seq', (t.turn ->> 'seq')::int, 'score',
                   (SELECT coalesce(sum(w.share), 0) FROM unnest($3::tsquery[], $6::float8[]) AS w(q, share) WHERE tv.v @@ w.q)) ORDER BY t.n)
                 FROM jsonb_array_elements(c.turns) WITH ORDINALITY AS t(turn, n)
                 CROSS JOIN LATERAL (SELECT to_tsvector('english', t.turn ->> 'text') AS v) tv) AS turns
         FROM recall_chunks c WHERE c.account_id = $1 AND c.chunk_id = ANY($2::text[])`,
        [accountId, ranked.map((r) => r.chunkId), operands, highlight, HEADLINE, shares],
      );
    const byId = new Map(rows.map((row) => [row.chunk_id, row]));
    return ranked.flatMap(({ chunkId, score }) => {
      const row = byId.get(chunkId);
      if (!row) return [];
      const occurredAt = new Date(row.occurred_at).toISOString();
      return [{ chunkId, sessionId: row.session_id, turnSeqs: orderTurns(row.turns ?? []), occurredAt, snippet: datedSnippet(occurredAt, row.headline), score: Math.round(score * 1000) / 1000 }];
    });
  }
}
