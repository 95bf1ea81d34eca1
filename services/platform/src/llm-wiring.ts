import { createLlmRuntime, parseLlmConfig, type LlmClient } from '@mnemo/llm';
import type { Logger } from '@mnemo/eventing';
import type { Environment } from '@mnemo/persistence';
import { NatsCostGuard, parseCostLedgerConfig, PgLlmKeyStore } from '@mnemo/cost-ledger-service';
import type { Infra } from './infra';

/**
 * The one LLM client every service calls through (token LLM_CLIENT): account keys from the llm_keys
 * read model, reservations from the cost-ledger service over NATS, Anthropic or the offline adapter.
 * The cost guard fails open itself (granting locally and recording the spend once the ledger answers),
 * so the runtime's own fail-open follows the same switch.
 */
export function createPlatformLlm(infra: Infra, logger: Logger, env: Environment): LlmClient {
  const ledger = parseCostLedgerConfig(env);
  const keyStore = new PgLlmKeyStore(infra.dataSource);
  const costGuard = new NatsCostGuard(
    infra.log,
    { timeoutMs: ledger.requestTimeoutMs, failOpen: ledger.failOpen, reservationTtlMs: ledger.reservationTtlMs },
    logger,
  );
  return createLlmRuntime({ ...parseLlmConfig(env), failOpen: ledger.failOpen }, { keyStore, costGuard, logger, baseURL: env.ANTHROPIC_BASE_URL || undefined });
}
