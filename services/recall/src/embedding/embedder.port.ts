/**
 * What recall needs of an embedding model: vectors for texts, in order. No embedder is configured by
 * default (recall is then lexical); OpenAiEmbeddings speaks to any OpenAI-compatible endpoint.
 */
export interface Embedder {
  /** Names the vectors: embeddings of another model are never compared with these. */
  readonly model: string;
  embed(texts: readonly string[], options: { timeoutMs: number; signal?: AbortSignal }): Promise<number[][]>;
}
