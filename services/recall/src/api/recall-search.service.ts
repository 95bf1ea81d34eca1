import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@mnemo/persistence';
import type { RecallHit, RecallRequest } from '@mnemo/contracts';
import { LOGGER, type Logger } from '@mnemo/eventing';
import {
  candidateLexemes,
  CHUNK_SCORE_SQL,
  chunkScore,
  IN_WINDOW_FLOOR,
  tsqueryOperand,
} from '../domain/lexical-score';
import { feedbackLexemes } from '../domain/feedback-lexemes';
import {
  coverageOf,
  orderHits,
  scoreTurns,
  type CandidateChunk,
  type RankTerm,
} from '../domain/rank-turns';
import { fuseRanks } from '../domain/fuse-ranks';
import { planQuery, type QueryPlan } from '../domain/plan-query';
import { vectorLiteral, vectorsAvailable } from '../embedding/chunk-vectors';
import type { Embedder } from '../embedding/embedder.port';
import { datedSnippet, orderTurns } from '../domain/turn-order';
import { EMBEDDER, RECALL_CONFIG } from '../recall.constants';
import type { RecallConfig } from '../recall.config';
import { weighChunkLexemes, type ChunkLexeme } from './lexeme-weights';

/** Rows each way of selecting candidates (any rare word; all the common ones) is expected to match, at most (see candidateLexemes). */
const SELECT_BUDGET = 200;
/** A selection expected to match up to this many rows is read whole through the GIN index; past it, its newest DENSE_SCAN through the time index. */
const BITMAP_ROWS = 800;
/** Chunks scored from a selection too common to read whole: the newest (a backwards time-index scan stops after this many). */
const DENSE_SCAN = 20;
/** Rows one selection reads at most, whatever its estimate said (words are not independent). */
const SELECTION_CAP = 400;
/** Candidate chunks (by their share of the question) whose turns are ranked. */
const CANDIDATES = 100;
/** Feedback words are rare: held by at most this many chunks (their selection reads them all). */
const FEEDBACK_MAX_DF = 50;
/** A name in the question weighs this much more than another word of the same rarity. */
const NAME_WEIGHT = 1.3;
/** A word added by feedback from the first pass weighs this share of a question's word. */
const FEEDBACK_WEIGHT = 0.3;
/** Words feedback adds at most. */
const FEEDBACK_LEXEMES = 3;
/** A feedback word held by more than this share of the account's chunks adds nothing. */
const FEEDBACK_MAX_SHARE = 0.05;
/** The question's lexemes that score, the rarest first; more add nothing but time. */
const MAX_LEXEMES = 16;
/** A question's word found only in a neighbouring window's edge turn counts this much. */
const NEAR_SHARE = 0.5;
const HEADLINE =
  'StartSel=**, StopSel=**, MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';

/**
 * Recall over conversation chunks (`recall_conversation`, docs/recall.md): lexical candidates (the
 * question's lexemes weighted by idf in the account), fused by reciprocal rank with the nearest
 * chunks by meaning where an embedder and pgvector exist; the best get their turns ordered and a
 * dated snippet.
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
    const plan = planQuery(request.query, now);
    // the question's embedding is asked for first and waited for last: it overlaps the lexical search
    const semantic =
      this.embedder && this.config.embeddings ? this.semanticCandidates(accountId, request) : null;
    const weighed = await weighChunkLexemes(this.db, accountId, plan.words.join(' '), plan.names);
    const lexemes = weighed.lexemes
      .sort((a, b) => b.idf - a.idf || a.lexeme.localeCompare(b.lexeme))
      .slice(0, MAX_LEXEMES);
    const totalIdf = lexemes.reduce((sum, l) => sum + l.idf, 0) || 1;
    const question: Question = {
      accountId,
      request,
      plan,
      lexemes,
      totalIdf,
      chunks: weighed.total,
    };
    if (weighed.total > this.config.exhaustiveChunks) return this.atScale(question, semantic);
    const lexical = await this.lexicalHits(question, semantic ? CANDIDATES : request.limit);
    const similar = semantic ? await semantic : [];
    if (similar.length === 0)
      return rounded(await this.present(question, lexical.slice(0, request.limit)));
    const byId = new Map(lexical.map((hit) => [hit.chunkId, hit]));
    const fused = fuseRanks([lexical.map((c) => c.chunkId), similar.map((c) => c.chunkId)])
      .slice(0, request.limit)
      .map(({ id, score }) => ({ chunkId: id, score, turnSeqs: byId.get(id)?.turnSeqs }));
    return rounded(await this.present(question, fused));
  }

  /** Recall in an account past the exhaustive size: bounded selections ranked in one statement. */
  private async atScale(
    question: Question,
    semantic: Promise<Array<{ chunkId: string; similarity: number }>> | null,
  ): Promise<RecallHit[]> {
    const { request } = question;
    // nothing to fuse with: the best lexical chunks are scored and presented in one statement
    if (!semantic) return rounded(await this.boundedHits(question, request.limit));
    const lexical = await this.boundedHits(question, null);
    const similar = await semantic;
    const ranked =
      similar.length === 0
        ? lexical.slice(0, request.limit)
        : fuseRanks([lexical.map((c) => c.chunkId), similar.map((c) => c.chunkId)])
            .slice(0, request.limit)
            .map(({ id, score }) => ({ chunkId: id, score }));
    return rounded(await this.present(question, ranked));
  }

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
  private async boundedHits(question: Question, shown: number): Promise<RecallHit[]>;
  private async boundedHits(question: Question, shown: null): Promise<Ranked[]>;
  private async boundedHits(
    question: Question,
    shown: number | null,
  ): Promise<Array<RecallHit | Ranked>> {
    const { request, plan, lexemes, chunks } = question;
    const { small, selections, fallback } = this.selectionsOf(lexemes, chunks);
    const limit = shown ?? request.limit;
    const found =
      selections.length > 0 || plan.window
        ? await this.scoreSelections(question, selections, small ? 'whole' : 'capped', {
            shown,
            exclude: [],
          })
        : [];
    if (found.length >= limit || !fallback) return found;
    // too few: the rarest word not selected on its own, in its newest chunks
    const more = await this.scoreSelections(question, [fallback], 'none', {
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
  private async scoreSelections(
    question: Question,
    selections: Selection[],
    window: 'whole' | 'capped' | 'none',
    out: { shown: number | null; exclude: string[] },
  ): Promise<Array<RecallHit | Ranked>> {
    const { accountId, request, plan, lexemes, totalIdf } = question;
    const params: unknown[] = [accountId, plan.window?.from ?? null, plan.window?.to ?? null];
    const param = (value: unknown) => `$${params.push(value)}`;
    const { coverage, inWindow, parts } = selectionSql(
      request,
      Boolean(plan.window),
      lexemes,
      totalIdf,
      selections,
      window,
      param,
      [],
    );
    const order = 'c.in_window DESC NULLS LAST, c.coverage DESC, c.occurred_at DESC, c.chunk_id';
    const ranked = `SELECT c.chunk_id, c.score, NULL::int AS best, row_number() OVER (ORDER BY c.score DESC, ${order}) AS rank
       FROM (SELECT c.*, ${CHUNK_SCORE_SQL('c.coverage', 'c.in_window')} AS score FROM (
         SELECT DISTINCT ON (s.chunk_id) s.chunk_id, s.coverage, s.in_window, s.occurred_at FROM (
           SELECT t.chunk_id, (${coverage})::float8 AS coverage,
                  CASE WHEN $2::timestamptz IS NULL THEN NULL ELSE ${inWindow} END AS in_window,
                  t.occurred_at
           FROM (${parts.join(' UNION ALL ')}) t
         ) s
         ORDER BY s.chunk_id) c
         ORDER BY ${order}
         LIMIT ${CANDIDATES}) c
       WHERE c.score >= ${param(this.floorOf(question))}::float8 AND c.chunk_id <> ALL(${param(out.exclude)}::text[])
       ORDER BY rank
       LIMIT ${out.shown ?? CANDIDATES}`;
    if (out.shown !== null) return this.presentRows(question, ranked, params);
    const rows: Array<{ chunk_id: string; score: number }> = await this.db.query(ranked, params);
    return rows.map((r) => ({ chunkId: r.chunk_id, score: r.score }));
  }

  /**
   * Chunks by the question's words, best first, at least the minimum score, at most `limit`, each
   * with the turns that answer. Candidate chunks come from bounded selections (see candidateChunks);
   * their turns are ranked (rank-turns: BM25, neighbours, session, time), the best first-pass turns
   * lend their rare words to a second pass (feedback), and the final order covers the question's parts.
   */
  private async lexicalHits(question: Question, limit: number): Promise<Ranked[]> {
    const { plan, lexemes, chunks: total } = question;
    const candidates = await this.candidateChunks(question, lexemes, limit);
    if (candidates.length === 0) return [];
    const terms: RankTerm[] = lexemes
      .filter((l) => l.df > 0)
      .map((l) => ({ lexeme: l.lexeme, idf: l.idf, weight: l.name ? NAME_WEIGHT : 1 }));
    let turns = scoreTurns(terms, candidates);
    if (turns.length === 0) {
      // nothing of the question is said: only the time it names speaks, newest first
      if (!plan.window) return [];
      return candidates
        .filter((c) => c.inWindow)
        .slice(0, limit)
        .map((c) => ({
          chunkId: c.chunkId,
          score: IN_WINDOW_FLOOR,
          turnSeqs: c.turns.map((t) => t.seq),
        }))
        .filter((hit) => hit.score >= this.floorOf(question));
    }
    const feedback = feedbackLexemes(turns, new Set(lexemes.map((l) => l.lexeme)));
    if (feedback.length > 0) {
      const weighed = await weighChunkLexemes(this.db, question.accountId, { lexemes: feedback });
      // the rarest few in the account that another chunk holds too (a word only the best turn holds leads nowhere)
      const rare = weighed.lexemes
        .filter(
          (l) =>
            l.df > 1 && l.df <= Math.max(2, Math.min(FEEDBACK_MAX_DF, total * FEEDBACK_MAX_SHARE)),
        )
        .sort((a, b) => b.idf - a.idf || a.lexeme.localeCompare(b.lexeme))
        .slice(0, FEEDBACK_LEXEMES);
      if (rare.length > 0) {
        const held = new Set(candidates.map((c) => c.chunkId));
        const rows = rare.reduce((sum, l) => sum + l.df, 0);
        const selection: Selection = {
          hashes: rare.map((l) => l.hash),
          holds: 'any',
          rows,
          near: false,
          whole: true,
        };
        const more = await this.selectChunks(question, rare, [selection], 'none', [...held]);
        const all = [...candidates, ...more];
        const expanded = [
          ...terms,
          ...rare.map((l) => ({ lexeme: l.lexeme, idf: l.idf, weight: FEEDBACK_WEIGHT })),
        ];
        turns = scoreTurns(expanded, all);
        return this.finalHits(question, expanded, turns, limit);
      }
    }
    return this.finalHits(question, terms, turns, limit);
  }

  /** The request's own floor (a hook calibrated on a benchmark), else the service's (MNEMO_RECALL_MIN_SCORE). */
  private floorOf(question: Question): number {
    return question.request.minScore ?? this.config.minScore;
  }

  /** The final order of the ranked turns, scored for the minimum (the question's share they hold). */
  private finalHits(
    question: Question,
    terms: RankTerm[],
    turns: ReturnType<typeof scoreTurns>,
    limit: number,
  ): Ranked[] {
    return orderHits(terms, turns, limit)
      .map((hit) => ({
        chunkId: hit.chunk.chunkId,
        turnSeqs: hit.turnSeqs,
        score: chunkScore(coverageOf(hit, question.lexemes), hit.chunk.inWindow),
      }))
      .filter((hit) => hit.score >= this.floorOf(question));
  }

  /**
   * The selections a question's words make (candidateLexemes: any of the rare words, all of the
   * common ones; every match in a small account), and the fallback: the rarest word not selected,
   * for when they come up short.
   */
  private selectionsOf(
    lexemes: ChunkLexeme[],
    chunks: number,
  ): { small: boolean; selections: Selection[]; fallback: Selection | null } {
    const small = chunks <= this.config.exhaustiveChunks;
    const selection = candidateLexemes(
      lexemes,
      chunks,
      small ? Number.POSITIVE_INFINITY : SELECT_BUDGET,
    );
    const { anyRows } = selection;
    const hashOf = new Map(lexemes.map((l) => [l.lexeme, l.hash]));
    const hashes = (words: string[]) => words.map((l) => hashOf.get(l)!);
    const selections: Selection[] = [];
    // a neighbour's edge turn selects too while that stays cheap (always, in a small account)
    if (selection.any.length)
      selections.push({
        hashes: hashes(selection.any),
        holds: 'any',
        rows: anyRows,
        near: small || anyRows <= SELECT_BUDGET / 2,
        whole: small,
      });
    if (selection.all.length)
      selections.push({
        hashes: hashes(selection.all),
        holds: 'all',
        rows: selection.allRows,
        near: false,
      });
    const { fallback } = selection;
    return {
      small,
      selections,
      fallback: fallback
        ? { hashes: hashes([fallback.lexeme]), holds: 'any', rows: fallback.df, near: false }
        : null,
    };
  }

  /**
   * Candidate chunks for `lexemes` with their turns' lexeme counts: bounded selections
   * (candidateLexemes: any of the rare words, all of the common ones, and the time the question names),
   * each at most SELECTION_CAP rows, and when they come up short the newest chunks holding the rarest
   * word left; the best CANDIDATES of them by their idf-weighted share of the question. Scoring every
   * match of a common word was most of recall's time at 100,000 chunks.
   */
  private async candidateChunks(
    question: Question,
    lexemes: ChunkLexeme[],
    limit: number,
    exclude: string[] = [],
  ): Promise<CandidateChunk[]> {
    const { plan, chunks } = question;
    const { small, selections, fallback } = this.selectionsOf(lexemes, chunks);
    const window = exclude.length === 0 ? (small ? 'whole' : 'capped') : 'none';
    const found =
      selections.length > 0 || (plan.window && window !== 'none')
        ? await this.selectChunks(question, lexemes, selections, window, exclude)
        : [];
    if (found.length >= limit || !fallback) return found;
    // too few: the rarest word not selected on its own, in its newest chunks
    const more = await this.selectChunks(question, lexemes, [fallback], 'none', [
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
  private async selectChunks(
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
    const { coverage, inWindow, parts } = selectionSql(
      request,
      Boolean(plan.window),
      lexemes,
      totalIdf,
      selections,
      window,
      param,
      exclude,
    );
    if (parts.length === 0) return [];
    const order = 'c.in_window DESC NULLS LAST, c.coverage DESC, c.occurred_at DESC, c.chunk_id';
    const rows: Array<{
      chunk_id: string;
      session_id: string;
      in_window: boolean | null;
      seqs: number[];
      turn_lexemes: Array<Record<string, number>>;
    }> = await this.db.query(
      `SELECT c.chunk_id, k.session_id, c.in_window, k.seqs, k.turn_lexemes
       FROM (SELECT c.*, ${CHUNK_SCORE_SQL('c.coverage', 'c.in_window')} AS score FROM (
         SELECT DISTINCT ON (s.chunk_id) s.chunk_id, s.coverage, s.in_window, s.occurred_at FROM (
           SELECT t.chunk_id, (${coverage})::float8 AS coverage,
                  CASE WHEN $2::timestamptz IS NULL THEN NULL ELSE ${inWindow} END AS in_window,
                  t.occurred_at
           FROM (${parts.join(' UNION ALL ')}) t
         ) s
         ORDER BY s.chunk_id) c
         ORDER BY ${order}
         LIMIT ${CANDIDATES}) c
       JOIN recall_chunks k ON k.account_id = $1 AND k.chunk_id = c.chunk_id
       ORDER BY c.score DESC, ${order}`,
      params,
    );
    return rows.map((row) => ({
      chunkId: row.chunk_id,
      sessionId: row.session_id,
      inWindow: row.in_window,
      turns: row.seqs.map((seq, i) => ({ seq, terms: termsOf(row.turn_lexemes[i]) })),
    }));
  }

  /**
   * Chunks by meaning, where an embedder is configured and pgvector exists: the question's embedding
   * (waited for at most MNEMO_EMBEDDINGS_QUERY_TIMEOUT_MS) against the stored chunk vectors, nearest
   * first, at least MNEMO_EMBEDDINGS_MIN_SIMILARITY. Anything failing answers none: recall is then lexical.
   */
  private async semanticCandidates(
    accountId: string,
    request: RecallRequest,
  ): Promise<Array<{ chunkId: string; similarity: number }>> {
    const settings = this.config.embeddings;
    if (!this.embedder || !settings) return [];
    try {
      if (!(await vectorsAvailable(this.db))) return [];
      // the reservation ahead of the call counts toward the question's bound too
      const signal = AbortSignal.timeout(settings.queryTimeoutMs);
      const [vector] = await untilAborted(
        this.embedder.embed([request.query], {
          account: accountId,
          timeoutMs: settings.queryTimeoutMs,
          signal,
        }),
        signal,
      );
      const params: unknown[] = [
        accountId,
        this.embedder.model,
        vectorLiteral(vector),
        CANDIDATES,
        settings.minSimilarity,
      ];
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
        this.logger.warn(
          { err: String((error as Error)?.message ?? error) },
          'recall answered lexically: the question could not be embedded in time',
        );
      }
      return [];
    }
  }

  /**
   * Ranked chunks presented in their order: each with its turns (those ranking chose, else every turn
   * by its share of the question, the best first) and a dated snippet of the turn that holds the most
   * of the question (the ranked first among equals): the answer an agent reads, not only the turn that
   * led to it. ts_headline re-parses its whole input, so it runs on that one turn only.
   */
  private async present(question: Question, ranked: Ranked[]): Promise<RecallHit[]> {
    if (ranked.length === 0) return [];
    const params: unknown[] = [question.accountId];
    const param = (value: unknown) => `$${params.push(value)}`;
    const relation = `SELECT r.chunk_id, r.score, r.best, r.rank FROM unnest(${param(ranked.map((r) => r.chunkId))}::text[], ${param(ranked.map((r) => r.score))}::float8[], ${param(ranked.map((r) => r.turnSeqs?.[0] ?? null))}::int[]) WITH ORDINALITY AS r(chunk_id, score, best, rank)`;
    return this.presentRows(question, relation, params, ranked);
  }

  /**
   * The chunks of `ranked` (a relation of chunk_id, score, best turn seq or null, rank over `params`,
   * $1 the account) with their turns (those `chosen` names, else every turn by its share of the
   * question, the best first) and a snippet of the first, in rank order.
   */
  private async presentRows(
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
    }> = await this.db.query(
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
        snippet: datedSnippet(occurredAt, row.headline ?? ''),
        score: row.score,
      };
    });
  }
}

/** A turn's lexeme counts as stored (an array of lexemes before RecallTurnTerms: one each). */
const termsOf = (stored: Record<string, number> | string[] | undefined): Record<string, number> =>
  Array.isArray(stored) ? Object.fromEntries(stored.map((l) => [l, 1])) : (stored ?? {});

/** The promise's outcome, or the signal's reason once it aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // the reason is whatever the aborting caller chose; it goes back to that caller untouched
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A question as recall works on it: its plan, its scoring lexemes (rarest first) and the account's chunk count. */
interface Question {
  accountId: string;
  request: RecallRequest;
  plan: QueryPlan;
  lexemes: ChunkLexeme[];
  totalIdf: number;
  chunks: number;
}

/** A chunk by its rank score, best first in a list, with the turns of it that answer when ranking chose them. */
interface Ranked {
  chunkId: string;
  score: number;
  turnSeqs?: number[];
}

/** Scores as the contract shows them: three decimals. */
const rounded = (hits: RecallHit[]): RecallHit[] =>
  hits.map((hit) => ({ ...hit, score: Math.round(hit.score * 1000) / 1000 }));

/**
 * One way of selecting candidate chunks: chunks holding any or all of some lexemes (by hash), the rows
 * it is expected to match, and whether neighbours' edge turns match too.
 */
/**
 * The SQL both selection passes share: the coverage of the question's lexemes in a chunk, the
 * question's time window, and one capped read per selection (plus the window's own) of the chunks
 * not in `exclude`, to be joined with UNION ALL.
 */
function selectionSql(
  request: RecallRequest,
  hasWindow: boolean,
  lexemes: readonly { idf: number; hash: number }[],
  totalIdf: number,
  selections: readonly Selection[],
  window: 'whole' | 'capped' | 'none',
  param: (value: unknown) => string,
  exclude: readonly string[],
): { coverage: string; inWindow: string; parts: string[] } {
  const coverage = lexemes.length
    ? lexemes
        .map((l) => {
          const [share, hash] = [param(l.idf / totalIdf), param(l.hash)];
          return `${share}::float8 * CASE WHEN ${hash}::int4 = ANY(t.term_hashes) THEN 1.0::float8 WHEN ${hash}::int4 = ANY(t.near_hashes) THEN ${NEAR_SHARE}::float8 ELSE 0.0::float8 END`;
        })
        .join(' + ')
    : '0';
  const scope = recallScope(request, 't', param);
  const inWindow = '(t.occurred_at >= $2::timestamptz AND t.occurred_at < $3::timestamptz)';
  const excluded = exclude.length ? `AND t.chunk_id <> ALL(${param(exclude)}::text[])` : '';
  const base = `SELECT t.chunk_id, t.occurred_at, t.term_hashes, t.near_hashes FROM recall_chunk_terms t ${scope.join} WHERE t.account_id = $1 ${scope.where} ${excluded}`;
  const parts = selections.map(({ hashes, holds, rows, near, whole }) => {
    const [query, op] = [param(hashes), holds === 'any' ? '&&' : '@>'];
    const condition = near
      ? `(t.term_hashes ${op} ${query}::int4[] OR t.near_hashes ${op} ${query}::int4[])`
      : `t.term_hashes ${op} ${query}::int4[]`;
    if (whole) return `(${base} AND ${condition})`;
    return rows <= BITMAP_ROWS
      ? `(${base} AND ${condition} LIMIT ${SELECTION_CAP})`
      : `(${base} AND ${condition} ORDER BY t.occurred_at DESC LIMIT ${DENSE_SCAN})`;
  });
  if (window !== 'none' && hasWindow)
    parts.push(`(${base} AND ${inWindow} ${window === 'capped' ? `LIMIT ${SELECTION_CAP}` : ''})`);
  return { coverage, inWindow, parts };
}

interface Selection {
  hashes: number[];
  holds: 'any' | 'all';
  rows: number;
  near: boolean;
  /** Read every row it matches (a small account's: at most config.exhaustiveChunks), neither capped nor cut to the newest. */
  whole?: boolean;
}

/** The request's filters on a chunk table aliased `alias` (its session, time, the session's developer and project; never the asking session's own unless named). */
function recallScope(
  request: RecallRequest,
  alias: 't' | 'c',
  param: (value: unknown) => string,
): { join: string; where: string } {
  const filters: string[] = [];
  if (request.sessionIds?.length)
    filters.push(`${alias}.session_id = ANY(${param(request.sessionIds)}::text[])`);
  if (request.since) filters.push(`${alias}.occurred_at >= ${param(request.since)}::timestamptz`);
  if (request.askingSessionId && !request.sessionIds?.includes(request.askingSessionId))
    filters.push(`${alias}.session_id <> ${param(request.askingSessionId)}`);
  if (request.developer !== undefined) filters.push(`s.developer = ${param(request.developer)}`);
  if (request.project !== undefined) filters.push(`s.project = ${param(request.project)}`);
  const joinSessions = request.developer !== undefined || request.project !== undefined;
  return {
    join: joinSessions
      ? `JOIN recall_sessions s ON s.account_id = ${alias}.account_id AND s.session_id = ${alias}.session_id`
      : '',
    where: filters.map((f) => `AND ${f}`).join(' '),
  };
}
