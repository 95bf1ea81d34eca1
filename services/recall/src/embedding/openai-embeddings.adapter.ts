import OpenAI from 'openai';
import { DependencyError } from '@mnemo/contracts';
import type { EmbeddingsConfig } from '../recall.config';
import type { EmbeddingsEndpoint } from './embedder.port';

/**
 * An Embedder over any OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Ollama, vLLM, LM Studio,
 * llama.cpp's server …) through the OpenAI SDK: floats asked for explicitly (the SDK's default
 * base64 is not served by every compatible server), no retries (the caller's bound is the bound;
 * the backfill tries again on its next pass).
 */
export class OpenAiEmbeddings implements EmbeddingsEndpoint {
  readonly model: string;
  private readonly client: OpenAI;

  constructor(
    private readonly config: Pick<EmbeddingsConfig, 'url' | 'model' | 'apiKey' | 'dimensions'>,
  ) {
    this.model = config.dimensions ? `${config.model}@${config.dimensions}` : config.model;
    // a local server without keys still gets a header: the SDK refuses to start without one
    this.client = new OpenAI({
      baseURL: config.url,
      apiKey: config.apiKey ?? 'none',
      maxRetries: 0,
    });
  }

  async embed(
    texts: readonly string[],
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<{ vectors: number[][]; inputTokens?: number }> {
    if (texts.length === 0) return { vectors: [] };
    let answer: OpenAI.CreateEmbeddingResponse;
    try {
      answer = await this.client.embeddings.create(
        {
          model: this.config.model,
          input: [...texts],
          encoding_format: 'float',
          ...(this.config.dimensions ? { dimensions: this.config.dimensions } : {}),
        },
        { timeout: options.timeoutMs, ...(options.signal ? { signal: options.signal } : {}) },
      );
    } catch (error) {
      throw new DependencyError(
        'embeddings',
        `the endpoint did not answer: ${String((error as Error)?.message ?? error)}`,
        { cause: error },
      );
    }
    const vectors = new Array<number[]>(texts.length);
    for (const item of answer.data ?? [])
      if (Number.isInteger(item.index) && item.index >= 0 && item.index < texts.length)
        vectors[item.index] = item.embedding;
    const width = this.config.dimensions ?? vectors[0]?.length;
    for (let i = 0; i < texts.length; i += 1) {
      const vector = vectors[i];
      if (
        !Array.isArray(vector) ||
        vector.length === 0 ||
        vector.length !== width ||
        !vector.every(Number.isFinite)
      ) {
        throw new DependencyError(
          'embeddings',
          `the endpoint answered no usable vector for input ${i} (expected ${width ?? 'some'} finite numbers)`,
        );
      }
    }
    const billed = answer.usage?.prompt_tokens;
    return Number.isInteger(billed) && billed >= 0 ? { vectors, inputTokens: billed } : { vectors };
  }
}
