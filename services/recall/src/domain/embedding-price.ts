import { estimateTokens } from '@mnemo/llm/pure';

/** Dollars per million input tokens of OpenAI's embedding models (list prices); an endpoint's own models are unknown here. */
const EMBEDDING_PRICES: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 0.02,
  'text-embedding-3-large': 0.13,
  'text-embedding-ada-002': 0.1,
};

/**
 * The price an embeddings call is reserved and recorded at: the configured one (MNEMO_EMBEDDINGS_USD_PER_MTOK,
 * 0 for a local endpoint), else the model's list price, else the dearest known, so that a cap is never
 * overshot by a guess that was too low (as the LLM runtime prices an unknown model).
 */
export function embeddingPricePerMTok(model: string, configured?: number): number {
  if (configured !== undefined) return configured;
  return EMBEDDING_PRICES[model] ?? Math.max(...Object.values(EMBEDDING_PRICES));
}

/** The most tokens a text can be: no tokenizer makes more tokens than the text has UTF-8 bytes. */
export const worstCaseTokens = (texts: readonly string[]): number =>
  texts.reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8'), 0);

/** Tokens an endpoint that does not say is assumed to have billed: the LLM runtime's estimate, per text. */
export const estimatedTokens = (texts: readonly string[]): number =>
  texts.reduce((sum, text) => sum + estimateTokens(text), 0);

export const costUsd = (tokens: number, pricePerMTok: number): number =>
  (tokens * pricePerMTok) / 1_000_000;
