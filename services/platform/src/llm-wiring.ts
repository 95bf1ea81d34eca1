import { createLlmRuntime, InMemoryLlmKeyStore, NoopCostGuard, parseLlmConfig, type LlmClient } from '@mnemo/llm';
import type { Logger } from '@mnemo/eventing';
import type { Infra } from './infra';

/**
 * The one LLM client every service calls through (token LLM_CLIENT): key resolution, cost reservation,
 * Anthropic or the offline adapter.
 * TODO(cost-ledger): per-account keys from Postgres and the ledger's NATS cost guard replace these two.
 */
export function createPlatformLlm(_infra: Infra, logger: Logger, env: NodeJS.ProcessEnv = process.env): LlmClient {
  const keyStore = new InMemoryLlmKeyStore();
  const costGuard = new NoopCostGuard();
  return createLlmRuntime(parseLlmConfig(env), { keyStore, costGuard, logger });
}
