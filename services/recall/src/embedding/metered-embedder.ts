import type { FactoryProvider } from '@nestjs/common';
import { MnemoError } from '@mnemo/contracts';
import { COST_GUARD, type CostGuard } from '@mnemo/llm';
import { LOGGER, type Logger } from '@mnemo/eventing';
import { costUsd, estimatedTokens, worstCaseTokens } from '../domain/embedding-price';
import type { EmbeddingsConfig, RecallConfig } from '../recall.config';
import { EMBEDDER, RECALL_CONFIG } from '../recall.constants';
import type { Embedder, EmbeddingsEndpoint } from './embedder.port';
import { OpenAiEmbeddings } from './openai-embeddings.adapter';

/** The account's pool has no room for the call today. */
export class EmbeddingCapReached extends MnemoError {
  constructor(message: string) {
    super('cost_cap', message);
  }
}

/**
 * Embeddings metered like model calls (docs/costs.md): each call reserves its worst case against
 * the account's session pool, labelled `embedding`, then commits what the endpoint billed, or
 * releases on failure. A cap reached refuses the call (recall answers lexically, the sweep waits
 * for the next day); a ledger that cannot be reached is the cost guard's to fail open or not.
 */
export class MeteredEmbedder implements Embedder {
  readonly model: string;

  constructor(
    private readonly endpoint: EmbeddingsEndpoint,
    private readonly costGuard: CostGuard,
    private readonly pricePerMTok: number,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {
    this.model = endpoint.model;
  }

  async embed(
    texts: readonly string[],
    options: { account: string; timeoutMs: number; signal?: AbortSignal },
  ): Promise<number[][]> {
    if (texts.length === 0) return [];
    const { account } = options;
    const reservation = await this.costGuard.reserve({
      account,
      pools: ['session'],
      label: 'embedding',
      model: this.model,
      worstCaseUsd: costUsd(worstCaseTokens(texts), this.pricePerMTok),
    });
    if (!reservation.granted) {
      throw new EmbeddingCapReached(
        `daily ${reservation.pool} cap of $${reservation.capUsd.toFixed(2)} reached ($${reservation.spentUsd.toFixed(4)} spent): no embeddings until UTC midnight`,
      );
    }
    let answer: Awaited<ReturnType<EmbeddingsEndpoint['embed']>>;
    try {
      answer = await this.endpoint.embed(texts, options);
    } catch (error) {
      await this.settle(
        () => this.costGuard.release(reservation.reservationId, 'api_error'),
        account,
      );
      throw error;
    }
    const inputTokens = answer.inputTokens ?? estimatedTokens(texts);
    await this.settle(
      () =>
        this.costGuard.commit(reservation.reservationId, {
          inputTokens,
          outputTokens: 0,
          costUsd: costUsd(inputTokens, this.pricePerMTok),
        }),
      account,
    );
    return answer.vectors;
  }

  /** A settle that fails must not fail the call: the ledger expires the reservation; said, with what was lost. */
  private async settle(action: () => Promise<void>, account: string): Promise<void> {
    try {
      await action();
    } catch (error) {
      this.logger.warn(
        { account, label: 'embedding', err: String((error as Error)?.message ?? error) },
        'cost guard settle failed: the reservation will expire',
      );
    }
  }
}

/** The configured embedder, metered where the platform has a cost guard, or null (the default): recall is then lexical. */
function createEmbedder(
  config: EmbeddingsConfig | null,
  costGuard: CostGuard | null,
  logger: Pick<Logger, 'warn'>,
): Embedder | null {
  if (!config) return null;
  const endpoint = new OpenAiEmbeddings(config);
  return costGuard
    ? new MeteredEmbedder(endpoint, costGuard, config.usdPerMTok, logger)
    : unmetered(endpoint);
}

/** The EMBEDDER provider, one for the API and the reactors alike: metered where the platform provides a cost guard. */
export const embedderProvider: FactoryProvider<Embedder | null> = {
  provide: EMBEDDER,
  useFactory: (config: RecallConfig, costGuard: CostGuard | undefined, logger: Logger) =>
    createEmbedder(config.embeddings, costGuard ?? null, logger),
  inject: [RECALL_CONFIG, { token: COST_GUARD, optional: true }, LOGGER],
};

/** An endpoint used as it is: only where no cost guard exists (a service wired without the platform's). */
const unmetered = (endpoint: EmbeddingsEndpoint): Embedder => ({
  model: endpoint.model,
  embed: async (texts, options) => (await endpoint.embed(texts, options)).vectors,
});
