/** Recall's entry: a question planned and weighed, sent down the exhaustive or the at-scale path, fused with meaning, presented. */
import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@mnemo/persistence';
import type { RecallHit, RecallRequest } from '@mnemo/contracts';
import { LOGGER, type Logger } from '@mnemo/eventing';
import { fuseRanks } from '../domain/fuse-ranks';
import { planQuery } from '../domain/plan-query';
import type { Embedder } from '../embedding/embedder.port';
import { EMBEDDER, RECALL_CONFIG } from '../recall.constants';
import type { RecallConfig } from '../recall.config';
import { weighChunkLexemes } from './lexeme-weights';
import { boundedHits } from './search/bounded-hits';
import { lexicalHits } from './search/lexical-hits';
import { present, rounded } from './search/present-hits';
import { CANDIDATES, type Question } from './search/question';
import { SemanticCandidates } from './search/semantic-candidates';

/** The question's lexemes that score, the rarest first; more add nothing but time. */
const MAX_LEXEMES = 16;

/**
 * Recall over conversation chunks (`recall_conversation`, docs/recall.md): lexical candidates (the
 * question's lexemes weighted by idf in the account), fused by reciprocal rank with the nearest
 * chunks by meaning where an embedder and pgvector exist; the best get their turns ordered and a
 * dated snippet.
 */
@Injectable()
export class RecallSearchService {
  private readonly semantic: SemanticCandidates;

  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(RECALL_CONFIG) private readonly config: RecallConfig,
    @Inject(EMBEDDER) private readonly embedder: Embedder | null,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.semantic = new SemanticCandidates(db, config, embedder, logger);
  }

  async recall(accountId: string, request: RecallRequest, now: Date): Promise<RecallHit[]> {
    const plan = planQuery(request.query, now);
    // the question's embedding is asked for first and waited for last: it overlaps the lexical search
    const semantic =
      this.embedder && this.config.embeddings ? this.semantic.find(accountId, request) : null;
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
      small: weighed.total <= this.config.exhaustiveChunks,
      floor: request.minScore ?? this.config.minScore,
    };
    if (!question.small) return this.atScale(question, semantic);
    const lexical = await lexicalHits(this.db, question, semantic ? CANDIDATES : request.limit);
    const similar = semantic ? await semantic : [];
    if (similar.length === 0)
      return rounded(await present(this.db, question, lexical.slice(0, request.limit)));
    const byId = new Map(lexical.map((hit) => [hit.chunkId, hit]));
    const fused = fuseRanks([lexical.map((c) => c.chunkId), similar.map((c) => c.chunkId)])
      .slice(0, request.limit)
      .map(({ id, score }) => ({ chunkId: id, score, turnSeqs: byId.get(id)?.turnSeqs }));
    return rounded(await present(this.db, question, fused));
  }

  /** Recall in an account past the exhaustive size: bounded selections ranked in one statement. */
  private async atScale(
    question: Question,
    semantic: Promise<Array<{ chunkId: string; similarity: number }>> | null,
  ): Promise<RecallHit[]> {
    const { request } = question;
    // nothing to fuse with: the best lexical chunks are scored and presented in one statement
    if (!semantic) return rounded(await boundedHits(this.db, question, request.limit));
    const lexical = await boundedHits(this.db, question, null);
    const similar = await semantic;
    const ranked =
      similar.length === 0
        ? lexical.slice(0, request.limit)
        : fuseRanks([lexical.map((c) => c.chunkId), similar.map((c) => c.chunkId)])
            .slice(0, request.limit)
            .map(({ id, score }) => ({ chunkId: id, score }));
    return rounded(await present(this.db, question, ranked));
  }
}
