import type { Type } from '@nestjs/common';
import type { Environment, MigrationClass, Projection } from '@mnemo/persistence';
import type { Logger, Subscription } from '@mnemo/eventing';
import type { Infra } from './infra';
import { accountsProjection, GatewayModule } from '@mnemo/gateway-service';
import { RedactionModule } from '@mnemo/redaction-service';
import { CostLedgerApiModule, costLedgerMigrations, costLedgerProjections, startCostLedgerService } from '@mnemo/cost-ledger-service';
import { memoryProjection, memorySessionsProjection, MemoryApiModule, MemoryReactorsModule, startLapseSweep, sweepIntervalFromEnv } from '@mnemo/memory-service';
import { compactionProjection, CompactionApiModule, CompactionReactorsModule } from '@mnemo/compaction-service';
import { contextMigrations, contextProjection, contextSourcesProjection, ContextApiModule, startContextRpc } from '@mnemo/context-service';
import { recallProjection, RecallApiModule, RecallReactorsModule } from '@mnemo/recall-service';
import { lifeInventoryProjection, profileProjection, ProfileApiModule, ProfileReactorsModule } from '@mnemo/profile-service';
import { insightProjection, InsightApiModule, InsightReactorsModule } from '@mnemo/insight-service';
import {
  IngestApiModule,
  sessionOutcomesProjection,
  sessionsProjection,
  startIngestLoops,
  startSessionTurnsResponder,
  transcriptIngestRunsProjection,
} from '@mnemo/ingest-service';

/** What one deployable service is: the read models it projects, its reactors, its HTTP surface. */
export interface ServiceDefinition {
  name: string;
  projections: Projection[];
  /** A Nest module whose controllers hold `@OnEvent` reactors. */
  reactors?: Type<unknown>;
  /** The gateway's own Nest module: the HTTP edge on MNEMO_HTTP_PORT. */
  http?: Type<unknown>;
  /** This service's HTTP controllers (reading its read models), mounted on the gateway wherever the gateway runs. */
  api?: Type<unknown>;
  /** Background work started with the service (periodic loops); stopped with it. */
  start?(infra: Infra, logger: Logger, env: Environment): Promise<Subscription[]>;
  /** Migrations of tables that are not projections (live operational state, untouched by replay). */
  migrations?: readonly MigrationClass[];
}

export const SERVICES: readonly ServiceDefinition[] = [
  { name: 'gateway', projections: [accountsProjection], http: GatewayModule },
  { name: 'redaction', projections: [], reactors: RedactionModule },
  { name: 'cost-ledger', projections: costLedgerProjections, migrations: costLedgerMigrations, api: CostLedgerApiModule, start: (infra, logger, env) => startCostLedgerService({ ...infra, logger }, env) },
  { name: 'ingest', projections: [sessionsProjection, sessionOutcomesProjection, transcriptIngestRunsProjection], api: IngestApiModule, start: async (infra, logger, env) => [await startSessionTurnsResponder(infra), ...(await startIngestLoops(infra, logger, env))] },
  { name: 'compaction', projections: [compactionProjection], reactors: CompactionReactorsModule, api: CompactionApiModule },
  { name: 'memory', projections: [memoryProjection, memorySessionsProjection], reactors: MemoryReactorsModule, api: MemoryApiModule, start: async (infra, logger, env) => [startLapseSweep(infra, logger, sweepIntervalFromEnv(env))] },
  { name: 'context', projections: [contextProjection, contextSourcesProjection], migrations: contextMigrations, api: ContextApiModule, start: startContextRpc },
  { name: 'recall', projections: [recallProjection], reactors: RecallReactorsModule, api: RecallApiModule },
  { name: 'profile', projections: [profileProjection, lifeInventoryProjection], reactors: ProfileReactorsModule, api: ProfileApiModule },
  { name: 'insight', projections: [insightProjection], reactors: InsightReactorsModule, api: InsightApiModule },
];

export const allProjections = (): Projection[] => SERVICES.flatMap((service) => service.projections);

/** Every service's migrations run at every start, so any subset of services finds every table. */
export const allMigrations = () => [...allProjections().flatMap((projection) => projection.migrations), ...SERVICES.flatMap((service) => service.migrations ?? [])];

export function selectServices(target: string): ServiceDefinition[] {
  if (target === 'all') return [...SERVICES];
  const names = target.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !SERVICES.some((service) => service.name === name));
  if (unknown.length || names.length === 0) {
    throw new Error(`unknown --target ${unknown.join(', ') || '(empty)'}; choose all or some of: ${SERVICES.map((s) => s.name).join(', ')}`);
  }
  return SERVICES.filter((service) => names.includes(service.name));
}

export function findProjections(name: string): Projection[] {
  if (name === 'all') return allProjections();
  const found = allProjections().filter((projection) => projection.name === name);
  if (!found.length) throw new Error(`unknown projection "${name}"; choose all or one of: ${allProjections().map((p) => p.name).join(', ')}`);
  return found;
}
