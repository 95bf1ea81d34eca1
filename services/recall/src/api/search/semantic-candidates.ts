/** Candidate chunks by meaning: the question embedded (bounded in time) against the stored chunk vectors; lexical-only on any failure. */
import type { DataSource } from 'typeorm';
import type { RecallRequest } from '@mnemo/contracts';
import type { Logger } from '@mnemo/eventing';
import { vectorLiteral, vectorsAvailable } from '../../embedding/chunk-vectors';
import type { Embedder } from '../../embedding/embedder.port';
import type { RecallConfig } from '../../recall.config';
import { CANDIDATES } from './question';
import { recallScope } from './selections';

/** The nearest chunks by meaning for a question, one per service: it keeps when it last warned. */
export class SemanticCandidates {
  private lastEmbedderWarning = 0;

  constructor(
    private readonly db: DataSource,
    private readonly config: RecallConfig,
    private readonly embedder: Embedder | null,
    private readonly logger: Logger,
  ) {}

  /**
   * Chunks by meaning, where an embedder is configured and pgvector exists: the question's embedding
   * (waited for at most MNEMO_EMBEDDINGS_QUERY_TIMEOUT_MS) against the stored chunk vectors, nearest
   * first, at least MNEMO_EMBEDDINGS_MIN_SIMILARITY. Anything failing answers none: recall is then lexical.
   */
  async find(
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
      if (vector === undefined) throw new Error('the embedder answered no vector for the query');
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
}

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
