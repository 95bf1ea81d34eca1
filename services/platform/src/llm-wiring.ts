import { createLlmRuntime, parseLlmConfig, type CostGuard, type LlmClient } from '@mnemo/llm';
import type { Logger } from '@mnemo/eventing';
import type { Environment } from '@mnemo/persistence';
import { NatsCostGuard, NatsLlmKeyStore, parseCostLedgerConfig } from '@mnemo/cost-ledger-service';
import type { Infra } from './infra';

const KEY_STALE_MS = 60 * 60_000;

/**
 * The one LLM client every service calls through (token LLM_CLIENT): account keys and reservations
 * from the cost-ledger service over NATS (it owns llm_keys), Anthropic or the offline adapter.
 * The cost guard fails open itself (granting locally and recording the spend once the ledger answers),
 * so the runtime's own fail-open follows the same switch.
 */
export function createPlatformLlm(
  infra: Infra,
  logger: Logger,
  env: Environment,
  costGuard: CostGuard = createPlatformCostGuard(infra, logger, env),
): LlmClient {
  const ledger = parseCostLedgerConfig(env);
  // Failing open, an account's last known key serves calls through a ledger outage of up to an hour.
  const keyStore = new NatsLlmKeyStore(
    infra.log,
    { timeoutMs: ledger.requestTimeoutMs, staleForMs: ledger.failOpen ? KEY_STALE_MS : 0 },
    logger,
  );
  return createLlmRuntime(
    { ...parseLlmConfig(env), failOpen: ledger.failOpen },
    { keyStore, costGuard, logger, baseURL: env.ANTHROPIC_BASE_URL || undefined },
  );
}

/** The cost-ledger client (token COST_GUARD): the LLM runtime reserves through it, and so do paid calls that are not model calls (recall's embeddings). */
export function createPlatformCostGuard(infra: Infra, logger: Logger, env: Environment): CostGuard {
  const ledger = parseCostLedgerConfig(env);
  return new NatsCostGuard(
    infra.log,
    {
      timeoutMs: ledger.requestTimeoutMs,
      failOpen: ledger.failOpen,
      reservationTtlMs: ledger.reservationTtlMs,
    },
    logger,
  );
}
