import { DynamicModule, Global, Module } from '@nestjs/common';
import { EVENT_LOG, LOGGER, type Logger } from '@mnemo/eventing';
import {
  assertReadModelsPresent,
  CACHE,
  DATA_SOURCE,
  ENVIRONMENT,
  type Environment,
} from '@mnemo/persistence';
import {
  GATEWAY_CONFIG,
  HEALTH_CHECKS,
  type GatewayConfig,
  type HealthCheck,
} from '@mnemo/gateway-service';
import { COST_GUARD, LLM_CLIENT, type CostGuard, type LlmClient } from '@mnemo/llm';
import type { Infra } from './infra';
import { OPERATOR_TOKEN } from './platform.constants';
import { allProjections } from './service-registry';

/** Hands the connections the platform opened to every Nest module, under the shared tokens. */
@Global()
@Module({})
export class InfraModule {
  static forRoot(
    infra: Infra,
    logger: Logger,
    gateway: GatewayConfig,
    llm: { client: LlmClient; costGuard: CostGuard },
    env: Environment,
  ): DynamicModule {
    const checks: HealthCheck[] = [
      { name: 'log', check: () => infra.log.ping() },
      { name: 'database', check: async () => void (await infra.dataSource.query('SELECT 1')) },
      { name: 'cache', check: () => infra.cache.ping() },
      {
        name: 'read models',
        check: () => assertReadModelsPresent(infra.dataSource, allProjections()),
      },
    ];
    const providers = [
      { provide: EVENT_LOG, useValue: infra.log },
      { provide: DATA_SOURCE, useValue: infra.dataSource },
      { provide: CACHE, useValue: infra.cache },
      { provide: LOGGER, useValue: logger },
      { provide: GATEWAY_CONFIG, useValue: gateway },
      { provide: HEALTH_CHECKS, useValue: checks },
      { provide: LLM_CLIENT, useValue: llm.client },
      { provide: COST_GUARD, useValue: llm.costGuard },
      { provide: ENVIRONMENT, useValue: env },
      { provide: OPERATOR_TOKEN, useValue: infra.dataDirLock?.owner.token ?? null },
    ];
    return { module: InfraModule, providers, exports: providers.map((p) => p.provide) };
  }
}
