/**
 * What recall needs of an embedding model: vectors for texts, in order, on an account's behalf (its
 * spend is metered against that account). No embedder is configured by default (recall is then
 * lexical); MeteredEmbedder over OpenAiEmbeddings speaks to any OpenAI-compatible endpoint.
 */
export interface Embedder {
  /** Names the vectors: embeddings of another model are never compared with these. */
  readonly model: string;
  embed(
    texts: readonly string[],
    options: { account: string; timeoutMs: number; signal?: AbortSignal },
  ): Promise<number[][]>;
}

/** An embeddings endpoint as it answers: the vectors, and the input tokens it billed where it says. */
export interface EmbeddingsEndpoint {
  readonly model: string;
  embed(
    texts: readonly string[],
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<{ vectors: number[][]; inputTokens?: number }>;
}
