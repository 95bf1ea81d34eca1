import { AnthropicAdapter } from './anthropic/anthropic.adapter';
import type { CostGuard } from './cost-guard/cost-guard.port';
import { deriveMasterKey } from './credentials/secret-box';
import type { LlmKeyStore } from './credentials/llm-key-store.port';
import type { LlmConfig } from './llm.config';
import { LlmRuntime, type LlmLogger } from './llm-runtime';

/** Wires the runtime from parsed config: Anthropic for paid calls, offline when no key resolves. */
export function createLlmRuntime(
  config: LlmConfig,
  deps: { keyStore: LlmKeyStore; costGuard: CostGuard; logger?: LlmLogger; baseURL?: string },
): LlmRuntime {
  return new LlmRuntime({
    keyStore: deps.keyStore,
    costGuard: deps.costGuard,
    logger: deps.logger,
    model: config.model,
    deploymentKey: config.deploymentKey,
    masterKey: config.secretKey ? deriveMasterKey(config.secretKey) : null,
    offlineFallback: config.offlineFallback,
    failOpen: config.failOpen,
    createAdapter: (apiKey, model) =>
      new AnthropicAdapter({ apiKey, model, baseURL: deps.baseURL, timeoutMs: config.timeoutMs, maxRetries: config.maxRetries }),
  });
}
