import { AnthropicAdapter } from './anthropic/anthropic.adapter';
import type { CostGuard } from './cost-guard/cost-guard.port';
import { deriveMasterKey } from './credentials/secret-box';
import type { LlmKeyStore } from './credentials/llm-key-store.port';
import { FALLBACK_PRICE, isPriced, priceTable } from './domain/pricing';
import type { LlmConfig } from './llm.config';
import { LlmRuntime, type LlmLogger } from './llm-runtime';

/** Wires the runtime from parsed config: Anthropic for paid calls, offline when no key resolves. */
export function createLlmRuntime(
  config: LlmConfig,
  deps: { keyStore: LlmKeyStore; costGuard: CostGuard; logger?: LlmLogger; baseURL?: string },
): LlmRuntime {
  const prices = config.price ? { [config.model]: config.price } : {};
  if (!isPriced(config.model, priceTable(prices))) {
    // Not an error (the model may be new), but every call will be reserved and recorded at the dearest price.
    deps.logger?.warn(
      {
        model: config.model,
        inputPerMTok: FALLBACK_PRICE.inputPerMTok,
        outputPerMTok: FALLBACK_PRICE.outputPerMTok,
      },
      'MNEMO_LLM_MODEL is not in the price table: priced as the dearest known model; set MNEMO_LLM_PRICE_INPUT_PER_MTOK and MNEMO_LLM_PRICE_OUTPUT_PER_MTOK',
    );
  }
  return new LlmRuntime({
    prices,
    keyStore: deps.keyStore,
    costGuard: deps.costGuard,
    logger: deps.logger,
    model: config.model,
    deploymentKey: config.deploymentKey,
    masterKey: config.secretKey ? deriveMasterKey(config.secretKey) : null,
    offlineFallback: config.offlineFallback,
    failOpen: config.failOpen,
    createAdapter: (apiKey, model) =>
      new AnthropicAdapter({
        apiKey,
        model,
        baseURL: deps.baseURL,
        timeoutMs: config.timeoutMs,
        maxRetries: config.maxRetries,
      }),
  });
}
