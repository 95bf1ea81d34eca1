import type { Type } from '@nestjs/common';
import type { Environment, MigrationClass, Projection } from '@mnemo/persistence';
import type { Logger, Subscription } from '@mnemo/eventing';
import { ConfigError } from '@mnemo/contracts';
import type { Infra } from './infra';
import { accountsProjection, GatewayModule } from '@mnemo/gateway-service';
import { RedactionModule } from '@mnemo/redaction-service';
import {
  CostLedgerApiModule,
  costLedgerMigrations,
  costLedgerProjections,
  parseCostLedgerConfig,
  startCostLedgerService,
} from '@mnemo/cost-ledger-service';
import {
  memoryProjection,
  memorySessionsProjection,
  MemoryApiModule,
  MemoryReactorsModule,
  startLapseSweep,
  startProposePlansResponder,
  loadMemoryConfig,
} from '@mnemo/memory-service';
import {
  compactionProjection,
  CompactionApiModule,
  CompactionReactorsModule,
  loadCompactionConfig,
} from '@mnemo/compaction-service';
import {
  contextLifeInventoryProjection,
  contextMigrations,
  contextProjection,
  contextSourcesProjection,
  ContextApiModule,
  loadContextConfig,
  startContextRpc,
} from '@mnemo/context-service';
import {
  loadRecallConfig,
  recallProjection,
  learningProjection,
  RecallApiModule,
  RecallReactorsModule,
  RecallQueryLog1764500000300,
  RecallEmbeddings1764500000500,
} from '@mnemo/recall-service';
import {
  lifeInventoryProjection,
  parseProfileConfig,
  profileProjection,
  ProfileApiModule,
  ProfileReactorsModule,
} from '@mnemo/profile-service';
import {
  insightProjection,
  InsightApiModule,
  InsightReactorsModule,
  parseInsightConfig,
} from '@mnemo/insight-service';
import {
  IngestApiModule,
  loadIngestConfig,
  sessionOutcomesProjection,
  sessionsProjection,
  startIngestLoops,
  startSessionTurnsResponder,
  transcriptIngestRunsProjection,
} from '@mnemo/ingest-service';
import {
  logFactsProjection,
  LogsApiModule,
  LogSourceStatus1765000000200,
  parseLogsConfig,
  startLogSources,
} from '@mnemo/logs-service';
import { CodeApiModule, codeSnapshotsProjection } from '@mnemo/code-service';

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
  start?: (infra: Infra, logger: Logger, env: Environment) => Promise<Subscription[]>;
  /** Migrations of tables that are not projections (live operational state, untouched by replay). */
  migrations?: readonly MigrationClass[];
  /** The service's zod config (`<service>.config.ts`): parses the environment, throws ConfigError on a bad value. */
  config?: (env: Environment) => unknown;
}

export const SERVICES: readonly ServiceDefinition[] = [
  { name: 'gateway', projections: [accountsProjection], http: GatewayModule },
  { name: 'redaction', projections: [], reactors: RedactionModule },
  {
    name: 'cost-ledger',
    config: parseCostLedgerConfig,
    projections: costLedgerProjections,
    migrations: costLedgerMigrations,
    api: CostLedgerApiModule,
    start: (infra, logger, env) => startCostLedgerService({ ...infra, logger }, env),
  },
  {
    name: 'ingest',
    config: loadIngestConfig,
    projections: [sessionsProjection, sessionOutcomesProjection, transcriptIngestRunsProjection],
    api: IngestApiModule,
    start: async (infra, logger, env) => [
      ...(await startSessionTurnsResponder(infra)),
      ...(await startIngestLoops(infra, logger, env)),
    ],
  },
  {
    name: 'compaction',
    config: loadCompactionConfig,
    projections: [compactionProjection],
    reactors: CompactionReactorsModule,
    api: CompactionApiModule,
  },
  {
    name: 'memory',
    config: loadMemoryConfig,
    projections: [memoryProjection, memorySessionsProjection],
    reactors: MemoryReactorsModule,
    api: MemoryApiModule,
    start: async (infra, logger, env) => [
      ...(await startProposePlansResponder(infra)),
      startLapseSweep(infra, logger, loadMemoryConfig(env).lapseSweepMs),
    ],
  },
  {
    name: 'context',
    config: loadContextConfig,
    projections: [contextProjection, contextSourcesProjection, contextLifeInventoryProjection],
    migrations: contextMigrations,
    api: ContextApiModule,
    start: startContextRpc,
  },
  {
    name: 'recall',
    config: loadRecallConfig,
    projections: [recallProjection, learningProjection],
    reactors: RecallReactorsModule,
    api: RecallApiModule,
    migrations: [RecallQueryLog1764500000300, RecallEmbeddings1764500000500],
  },
  {
    name: 'profile',
    config: parseProfileConfig,
    projections: [profileProjection, lifeInventoryProjection],
    reactors: ProfileReactorsModule,
    api: ProfileApiModule,
  },
  {
    name: 'insight',
    config: parseInsightConfig,
    projections: [insightProjection],
    reactors: InsightReactorsModule,
    api: InsightApiModule,
  },
  {
    name: 'logs',
    config: parseLogsConfig,
    projections: [logFactsProjection],
    api: LogsApiModule,
    migrations: [LogSourceStatus1765000000200],
    start: async (infra, logger, env) => startLogSources(infra, logger, env),
  },
  {
    name: 'code',
    projections: [codeSnapshotsProjection],
    api: CodeApiModule,
  },
];

/**
 * Checks every service's config before anything connects: any process may mount any service's API, so a
 * bad value anywhere stops the start, with every bad variable named and its reason.
 */
export function checkServiceConfigs(
  env: Environment,
  services: readonly ServiceDefinition[] = SERVICES,
): void {
  const problems = services.flatMap((service) => {
    try {
      service.config?.(env);
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      return [`${service.name}: ${(error as Error)?.message ?? String(error)}`];
    }
  });
  // two services that read one variable find the same problem with it: it is named once
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
}

export const allProjections = (): Projection[] =>
  SERVICES.flatMap((service) => service.projections);

/** Every service's migrations run at every start, so any subset of services finds every table. */
export const allMigrations = () => [
  ...allProjections().flatMap((projection) => projection.migrations),
  ...SERVICES.flatMap((service) => service.migrations ?? []),
];

export function selectServices(target: string): ServiceDefinition[] {
  if (target === 'all') return [...SERVICES];
  const names = target
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !SERVICES.some((service) => service.name === name));
  if (unknown.length || names.length === 0) {
    throw new Error(
      `unknown --target ${unknown.join(', ') || '(empty)'}; choose all or some of: ${SERVICES.map((s) => s.name).join(', ')}`,
    );
  }
  return SERVICES.filter((service) => names.includes(service.name));
}

export function findProjections(name: string): Projection[] {
  if (name === 'all') return allProjections();
  const found = allProjections().filter((projection) => projection.name === name);
  if (!found.length)
    throw new Error(
      `unknown projection "${name}"; choose all or one of: ${allProjections()
        .map((p) => p.name)
        .join(', ')}`,
    );
  return found;
}
