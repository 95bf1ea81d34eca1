import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@mnemo/persistence';
import type { RecallHit, RecallRequest } from '@mnemo/contracts';
import { LOGGER, type Logger } from '@mnemo/eventing';
import { chunkScore, selectingLexemes, tsqueryOperand, type WeightedLexeme } from '../domain/lexical-score';
import { fuseRanks } from '../domain/fuse-ranks';
import { planQuery, type QueryPlan } from '../domain/plan-query';
import { vectorLiteral, vectorsAvailable } from '../embedding/chunk-vectors';
import type { Embedder } from '../embedding/embedder.port';
import { datedSnippet, orderTurns } from '../domain/turn-order';
import { EMBEDDER, RECALL_CONFIG } from '../recall.constants';
import type { RecallConfig } from '../recall.config';
import { weighChunkLexemes } from './lexeme-weights';


/** Rows the selecting lexemes may match, at most (see selectingLexemes). */
const SELECT_BUDGET = 1500;
/** Chunks scored when every word of the question is common: the newest that hold its rarest word. */
const DENSE_SCAN = 200;
/** Candidates handed back for the final ordering. */
const CANDIDATES = 100;
/** The question's lexemes that score, the rarest first; more add nothing but time. */
const MAX_LEXEMES = 16;
/** A question's word found only in a neighbouring window's edge turn counts this much. */
const NEAR_SHARE = 0.5;
const HEADLINE = 'StartSel=**, StopSel=**, MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';

/**
 * Recall over conversation chunks (seed 003's recall_conversation): lexical candidates (the question's
 * lexemes weighted by idf in the account), fused by reciprocal rank with the nearest chunks by meaning
 * where an embedder and pgvector exist; the best get their turns ordered and a dated snippet.
 */
@Injectable()
export class RecallSearchService {
  private lastEmbedderWarning = 0;

  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(RECALL_CONFIG) private readonly config: RecallConfig,
    @Inject(EMBEDDER) private readonly embedder: Embedder | null,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async recall(accountId: string, request: RecallRequest, now: Date): Promise<RecallHit[]> {
    // the question's embedding is asked for first and waited for last: it overlaps the lexical search
    const semantic = this.semanticCandidates(accountId, request);
    const plan = planQuery(request.query, now);
    const lexemes = (await weighChunkLexemes(this.db, accountId, plan.words.join(' ')))
      .sort((a, b) => b.idf - a.idf || a.lexeme.localeCompare(b.lexeme))
      .slice(0, MAX_LEXEMES);
    const totalIdf = lexemes.reduce((sum, l) => sum + l.idf, 0) || 1;
    const lexical = await this.lexicalCandidates(accountId, request, plan, lexemes, totalIdf);
    const similar = await semantic;
    const ranked =
      similar.length === 0
        ? lexical.slice(0, request.limit)
        : fuseRanks([lexical.map((c) => c.chunkId), similar.map((c) => c.chunkId)])
            .slice(0, request.limit)
            .map(({ id, score }) => ({ chunkId: id, score }));
    return this.present(accountId, ranked, new Map(lexemes.map((l) => [l.lexeme, l.idf / totalIdf])));
  }

  /**
   * Chunks by the question's words: the rarest select candidates through the GIN index of the narrow
   * terms table, and each scores the idf-weighted share of the question it holds (lifted in the time
   * the question names); those under the minimum score are dropped. Best first.
   */
  private async lexicalCandidates(accountId: string, request: RecallRequest, plan: QueryPlan, lexemes: Array<WeightedLexeme & { df: number }>, totalIdf: number) {
    // a word no chunk holds selects nothing but still weighs: a question about something never said scores low
    const selecting = selectingLexemes(lexemes, SELECT_BUDGET);
    if (selecting.length === 0 && !plan.window) return [];
    const params: unknown[] = [accountId, selecting.map((l) => tsqueryOperand(l)).join(' | '), plan.window?.from ?? null, plan.window?.to ?? null, CANDIDATES];
    const param = (value: unknown) => `$${params.push(value)}`;
    const coverage = lexemes.length
      ? lexemes
          .map((l) => {
            const [share, operand] = [param(l.idf / totalIdf), param(tsqueryOperand(l.lexeme))];
            return `${share}::float8 * CASE WHEN v.terms @@ ${operand}::tsquery THEN 1 WHEN v.near @@ ${operand}::tsquery THEN ${NEAR_SHARE} ELSE 0 END`;
          })
          .join(' + ')
      : '0';
    const scope = recallScope(request, 't', param);
    const inWindow = '(t.occurred_at >= $3::timestamptz AND t.occurred_at < $4::timestamptz)';
    const rarest = lexemes.find((l) => l.lexeme === selecting[0]);
    // Every word of the question is common (its rarest is in more chunks than the budget): chunks
    // holding it are too many to score, and all hold the question's commonest words alike, so the
    // newest of them are scored (the time index read backwards stops after DENSE_SCAN of them).
    const dense = rarest !== undefined && rarest.df > SELECT_BUDGET;
    const rows = dense
      ? `(SELECT t.* FROM recall_chunk_terms t ${scope.join}
          WHERE t.account_id = $1 AND (t.terms @@ $2::tsquery ${plan.window ? `OR ${inWindow}` : ''}) ${scope.where}
          ORDER BY t.occurred_at DESC LIMIT ${DENSE_SCAN}) t`
      : `recall_chunk_terms t ${scope.join}`;
    const where = dense
      ? 'TRUE'
      : `t.account_id = $1 AND (t.terms @@ $2::tsquery OR t.near @@ $2::tsquery ${plan.window ? `OR ${inWindow}` : ''}) ${scope.where}`;
    const candidates: Array<{ chunk_id: string; coverage: number; in_window: boolean | null }> = await this.db.query(
      `SELECT t.chunk_id, (${coverage})::float8 AS coverage,
              CASE WHEN $3::timestamptz IS NULL THEN NULL ELSE ${inWindow} END AS in_window,
              t.occurred_at
       FROM ${rows}
         -- each vector read once per row: a stored vector is copied out of its tuple again by every
         -- match test that names it (ten tests, ten copies); the concatenation hands the tests one copy
         CROSS JOIN LATERAL (SELECT t.terms || ''::tsvector AS terms, t.near || ''::tsvector AS near OFFSET 0) v
       WHERE ${where}
       ORDER BY in_window DESC NULLS LAST, coverage DESC, t.occurred_at DESC, t.chunk_id
       LIMIT $5`,
      params,
    );
    return candidates
      .map((c) => ({ chunkId: c.chunk_id, score: chunkScore(c.coverage, c.in_window) }))
      .filter((c) => c.score >= this.config.minScore)
      .sort((a, b) => b.score - a.score);
  }

  /**
   * Chunks by meaning, where an embedder is configured and pgvector exists: the question's embedding
   * (waited for at most MNEMO_EMBEDDINGS_QUERY_TIMEOUT_MS) against the stored chunk vectors, nearest
   * first, at least MNEMO_EMBEDDINGS_MIN_SIMILARITY. Anything failing answers none: recall is then lexical.
   */
  private async semanticCandidates(accountId: string, request: RecallRequest): Promise<Array<{ chunkId: string; similarity: number }>> {
    const settings = this.config.embeddings;
    if (!this.embedder || !settings) return [];
    try {
      if (!(await vectorsAvailable(this.db))) return [];
      const [vector] = await this.embedder.embed([request.query], { timeoutMs: settings.queryTimeoutMs, signal: AbortSignal.timeout(settings.queryTimeoutMs) });
      const params: unknown[] = [accountId, this.embedder.model, vectorLiteral(vector!), CANDIDATES, settings.minSimilarity];
      const scope = recallScope(request, 'c', (value) => `$${params.push(value)}`);
      const rows: Array<{ chunk_id: string; similarity: number }> = await this.db.query(
        `SELECT * FROM (
           SELECT c.chunk_id, 1 - (e.embedding OPERATOR(public.<=>) $3::public.vector) AS similarity
           FROM recall_chunks c JOIN recall_embeddings e ON e.account_id = c.account_id AND e.model = $2 AND e.text_hash = c.text_hash
           ${scope.join}
           WHERE c.account_id = $1 ${scope.where}
           ORDER BY e.embedding OPERATOR(public.<=>) $3::public.vector, c.chunk_id
           LIMIT $4) nearest
         WHERE similarity >= $5::float8`,
        params,
      );
      return rows.map((r) => ({ chunkId: r.chunk_id, similarity: Number(r.similarity) }));
    } catch (error) {
      // a down or slow embedder costs the question its meaning, never its answer; said once a minute
      if (Date.now() - this.lastEmbedderWarning > 60_000) {
        this.lastEmbedderWarning = Date.now();
        this.logger.warn({ err: String((error as Error)?.message ?? error) }, 'recall answered lexically: the question could not be embedded in time');
      }
      return [];
    }
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

/** The request's filters on a chunk table aliased `alias` (its session, time, and the session's developer and project). */
function recallScope(request: RecallRequest, alias: 't' | 'c', param: (value: unknown) => string): { join: string; where: string } {
  const filters: string[] = [];
  if (request.sessionIds?.length) filters.push(`${alias}.session_id = ANY(${param(request.sessionIds)}::text[])`);
  if (request.since) filters.push(`${alias}.occurred_at >= ${param(request.since)}::timestamptz`);
  if (request.developer !== undefined) filters.push(`s.developer = ${param(request.developer)}`);
  if (request.project !== undefined) filters.push(`s.project = ${param(request.project)}`);
  const joinSessions = request.developer !== undefined || request.project !== undefined;
  return {
    join: joinSessions ? `JOIN recall_sessions s ON s.account_id = ${alias}.account_id AND s.session_id = ${alias}.session_id` : '',
    where: filters.map((f) => `AND ${f}`).join(' '),
  };
}
