import { z } from 'zod';
import { parseEnv, type EnvironmentVariables } from '@mnemo/contracts';
import { embeddingPricePerMTok } from './domain/embedding-price';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const score = z.coerce.number().min(0).max(1);

/** The recall service's environment; names are the variables, values their defaults. */
export const RecallEnv = z.object({
  /** Hits under this normalized score are dropped (0.30 by default, docs/recall.md). */
  MNEMO_RECALL_MIN_SCORE: score.default(0.3),
  /** Prior decisions under this relevance are dropped (0.35 by default). */
  MNEMO_PRIOR_DECISIONS_MIN_SCORE: score.default(0.35),
  MNEMO_RECALL_MAX_LIMIT: z.coerce.number().int().min(1).max(200).default(50),
  /**
   * An account of up to this many chunks has every match of the question's words scored; a larger one
   * is read through bounded selections (what keeps recall fast at 100,000 chunks).
   */
  MNEMO_RECALL_EXHAUSTIVE_CHUNKS: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /**
   * An OpenAI-compatible embeddings endpoint, its base URL as the OpenAI SDK takes it (`…/v1`, to which
   * `/embeddings` is appended). Unset (the default): no embedder, lexical recall only.
   */
  MNEMO_EMBEDDINGS_URL: z.url().optional(),
  MNEMO_EMBEDDINGS_MODEL: z.string().trim().min(1).max(200).default('text-embedding-3-small'),
  MNEMO_EMBEDDINGS_API_KEY: z.string().trim().min(1).optional(),
  /** Sent as `dimensions` (models that can shorten their vectors) and checked on every answer; unset: the model's own. */
  MNEMO_EMBEDDINGS_DIMENSIONS: z.coerce.number().int().min(1).max(16_000).optional(),
  /** The question's embedding is waited for this long at recall time; past it recall answers lexically. */
  MNEMO_EMBEDDINGS_QUERY_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(250),
  /** Chunks embedded off the hot path, per request, with this timeout each. */
  MNEMO_EMBEDDINGS_BATCH: z.coerce.number().int().min(1).max(2048).default(32),
  MNEMO_EMBEDDINGS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** How often the embedder looks for chunks without a vector (longer while there are none). */
  MNEMO_EMBEDDINGS_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(2_000),
  /** A chunk found only by meaning needs at least this cosine similarity to the question (what counts as close depends on the model). */
  MNEMO_EMBEDDINGS_MIN_SIMILARITY: score.default(0.3),
  /**
   * What the endpoint costs per million input tokens, as the cost ledger records and caps it (0 for a
   * local server); unset: OpenAI's list price for its models, the dearest of them for any other.
   */
  MNEMO_EMBEDDINGS_USD_PER_MTOK: z.coerce.number().min(0).max(1000).optional(),
  /** Distil decisions with the paid model (opt-in); off: the offline phrasing rules. */
  MNEMO_DECISIONS_ENABLED: flag.default(false),
  /** Name and describe skill candidates with the paid model (opt-in); off: the sessions' own words. */
  MNEMO_SKILLS_MODEL_ENABLED: flag.default(false),
  /** How long a visited-ledger entry lives after its last mark (docs/coding-memory.md). */
  MNEMO_VISITED_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  MNEMO_VISITED_MAX_ENTRIES: z.coerce.number().int().min(1).max(10_000).default(500),
  /** The transcript loop's switch and interval, as the ingest service reads them: the stats tell them and the next run. */
  MNEMO_SESSION_INGEST_ENABLED: flag.default(true),
  MNEMO_SESSION_INGEST_INTERVAL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
});

/** The settings the service runs on, each read from its variables: the one definition of RecallConfig. */
const RecallSettings = RecallEnv.transform((e) => ({
  minScore: e.MNEMO_RECALL_MIN_SCORE,
  decisionsMinScore: e.MNEMO_PRIOR_DECISIONS_MIN_SCORE,
  maxLimit: e.MNEMO_RECALL_MAX_LIMIT,
  /** Accounts of up to this many chunks score every match; larger ones read bounded selections. */
  exhaustiveChunks: e.MNEMO_RECALL_EXHAUSTIVE_CHUNKS,
  /** null: no embedder (the default), recall is lexical. */
  embeddings: e.MNEMO_EMBEDDINGS_URL
    ? {
        url: e.MNEMO_EMBEDDINGS_URL,
        model: e.MNEMO_EMBEDDINGS_MODEL,
        ...(e.MNEMO_EMBEDDINGS_API_KEY ? { apiKey: e.MNEMO_EMBEDDINGS_API_KEY } : {}),
        ...(e.MNEMO_EMBEDDINGS_DIMENSIONS ? { dimensions: e.MNEMO_EMBEDDINGS_DIMENSIONS } : {}),
        queryTimeoutMs: e.MNEMO_EMBEDDINGS_QUERY_TIMEOUT_MS,
        batch: e.MNEMO_EMBEDDINGS_BATCH,
        timeoutMs: e.MNEMO_EMBEDDINGS_TIMEOUT_MS,
        pollMs: e.MNEMO_EMBEDDINGS_POLL_MS,
        minSimilarity: e.MNEMO_EMBEDDINGS_MIN_SIMILARITY,
        /** Dollars per million input tokens (embeddingPricePerMTok). */
        usdPerMTok: embeddingPricePerMTok(
          e.MNEMO_EMBEDDINGS_MODEL,
          e.MNEMO_EMBEDDINGS_USD_PER_MTOK,
        ),
      }
    : null,
  decisionsEnabled: e.MNEMO_DECISIONS_ENABLED,
  skillsModelEnabled: e.MNEMO_SKILLS_MODEL_ENABLED,
  visitedTtlMs: Math.round(e.MNEMO_VISITED_TTL_HOURS * 3_600_000),
  visitedMaxEntries: e.MNEMO_VISITED_MAX_ENTRIES,
  /** The transcript loop as the ingest service runs it (its own variables), for the stats. */
  sessionIngest: {
    enabled: e.MNEMO_SESSION_INGEST_ENABLED,
    intervalMs: Math.round(e.MNEMO_SESSION_INGEST_INTERVAL_HOURS * 3_600_000),
  },
}));

export type RecallConfig = z.infer<typeof RecallSettings>;
export type EmbeddingsConfig = NonNullable<RecallConfig['embeddings']>;

/** Reads recall's settings; a bad value throws with the variable's name and the reason. */
export function loadRecallConfig(env: EnvironmentVariables): RecallConfig {
  return parseEnv(RecallSettings, env);
}
