import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { LOGGER, type Logger, PeriodicSweep, type SweepSchedule } from '@mnemo/eventing';
import { CACHE, DATA_SOURCE, type Cache } from '@mnemo/persistence';
import { chunksWithoutVector, storeVectors, vectorsAvailable } from '../embedding/chunk-vectors';
import type { Embedder } from '../embedding/embedder.port';
import { EmbeddingCapReached } from '../embedding/metered-embedder';
import { EMBEDDER, RECALL_CONFIG } from '../recall.constants';
import type { RecallConfig } from '../recall.config';

/** Batches per pass at most, so one pass never holds the lock for long. */
const BATCHES_PER_PASS = 50;
const LOCK_KEY = 'recall:chunk-embeddings';

/**
 * Embeds conversation chunks off the hot path: each pass finds chunk texts without a vector of the
 * configured model and stores theirs. Idempotent (vectors are keyed by text hash, an existing one
 * stays) and replay-safe (a replay rebuilds chunks with the same hashes, which find their vectors:
 * nothing is paid twice). One instance at a time embeds, under a cache lock. Runs only where an
 * embedder is configured and pgvector exists.
 */
@Injectable()
export class ChunkEmbeddingsSweep extends PeriodicSweep {
  constructor(
    @Inject(DATA_SOURCE) private readonly db: DataSource,
    @Inject(CACHE) private readonly cache: Cache,
    @Inject(LOGGER) protected readonly logger: Logger,
    @Inject(RECALL_CONFIG) private readonly config: RecallConfig,
    @Inject(EMBEDDER) private readonly embedder: Embedder | null,
  ) {
    super();
  }

  protected schedule(): SweepSchedule {
    const settings = this.config.embeddings;
    return this.embedder && settings
      ? { name: 'recall chunk embeddings', intervalMs: settings.pollMs, firstDelayMs: 0 }
      : null;
  }

  protected runPass(): Promise<number> {
    return this.sweep();
  }

  /** One pass: embeds what has no vector yet, batch by batch; answers how many texts it embedded. */
  async sweep(): Promise<number> {
    const settings = this.config.embeddings;
    if (!this.embedder || !settings || !(await vectorsAvailable(this.db))) return 0;
    const token = await this.cache.tryLock(LOCK_KEY, settings.timeoutMs * 2 + 10_000);
    if (!token) return 0;
    let embedded = 0;
    // accounts whose session pool is spent for today: their chunks wait for the next day's passes
    const capped = new Set<string>();
    try {
      for (let batch = 0; batch < BATCHES_PER_PASS; batch += 1) {
        const chunks = (
          await chunksWithoutVector(this.db, this.embedder.model, settings.batch)
        ).filter((c) => !capped.has(c.accountId));
        if (chunks.length === 0) break;
        // one call per account: each pays for its own chunks
        for (const [account, own] of byAccount(chunks)) {
          try {
            const vectors = await this.embedder.embed(
              own.map((c) => c.text),
              { account, timeoutMs: settings.timeoutMs },
            );
            await storeVectors(this.db, this.embedder.model, own, vectors);
            embedded += own.length;
          } catch (error) {
            if (!(error instanceof EmbeddingCapReached)) throw error;
            capped.add(account);
            this.logger.warn(
              { account, err: error.message },
              'recall chunks not embedded: the account reached its daily cap',
            );
          }
        }
      }
    } finally {
      await this.cache.unlock(LOCK_KEY, token);
    }
    if (embedded > 0)
      this.logger.info({ embedded, model: this.embedder.model }, 'recall chunks embedded');
    return embedded;
  }
}

function byAccount<T extends { accountId: string }>(chunks: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const chunk of chunks) {
    const group = groups.get(chunk.accountId);
    if (group) group.push(chunk);
    else groups.set(chunk.accountId, [chunk]);
  }
  return groups;
}
