import { NestFactory } from '@nestjs/core';
import type { INestApplication, INestMicroservice } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  RethrowRpcErrors,
  JetStreamTransport,
  type Logger,
  type Subscription,
} from '@mnemo/eventing';
import {
  registerProjectionLag,
  startDatabaseMaintenance,
  startProjector,
  type Environment,
} from '@mnemo/persistence';
import {
  createHttpAdapter,
  ingestGrpcBinding,
  startGrpcGateway,
  WebUiModule,
  type GrpcGateway,
} from '@mnemo/gateway-service';
import { contextGrpcBinding } from '@mnemo/context-service';
import { openInfra, type Infra } from './infra';
import { finishInterruptedReplays } from './replay-projections';
import { InfraModule } from './infra.module';
import { OpenApiModule } from './api/openapi.controller';
import { OperationsModule } from './api/dead-letters.controller';
import { DataFolderModule } from './api/data-folder.controller';
import { createPlatformCostGuard, createPlatformLlm } from './llm-wiring';
import { NestLogger } from './nest-logger';
import type { PlatformConfig } from './platform.config';
import {
  allMigrations,
  allProjections,
  checkServiceConfigs,
  SERVICES,
  type ServiceDefinition,
} from './service-registry';

export interface RunningPlatform {
  infra: Infra;
  /** The port the HTTP gateway listens on, when the gateway runs here. */
  httpPort: number | null;
  httpApp: INestApplication | null;
  /** The port the gRPC gateway (mnemo.v1.ContextService) listens on, when the gateway runs here. */
  grpcPort: number | null;
  stop(): Promise<void>;
}

/**
 * Starts the chosen services in this process, sharing one set of connections. `env` is the environment
 * each service parses its own settings from (the process's, unless a test hands its own).
 */
export async function startPlatform(
  config: PlatformConfig,
  services: ServiceDefinition[],
  logger: Logger,
  env: Environment = process.env,
): Promise<RunningPlatform> {
  checkServiceConfigs(env);
  const infra = await openInfra(config, allMigrations(), logger, { command: 'start' });
  try {
    await finishInterruptedReplays(infra.dataSource, infra.log, allProjections(), logger);
  } catch (error) {
    await infra.close();
    throw error;
  }
  const gatewayConfig = {
    adminKey: config.MNEMO_ADMIN_KEY ?? null,
    maxBodyBytes: config.MNEMO_MAX_BODY_BYTES,
    webDir: config.MNEMO_WEB_DIR || null,
  };
  const costGuard = createPlatformCostGuard(infra, logger, env);
  const infraModule = InfraModule.forRoot(
    infra,
    logger,
    gatewayConfig,
    { client: createPlatformLlm(infra, logger, env, costGuard), costGuard },
    env,
  );
  const subscriptions: Subscription[] = [];
  const microservices: INestMicroservice[] = [];
  let httpApp: INestApplication | null = null;
  let httpPort: number | null = null;
  let grpc: GrpcGateway | null = null;
  const consumerOptions = {
    maxDeliver: config.MNEMO_MAX_DELIVER,
    ackWaitMs: config.MNEMO_ACK_WAIT_MS,
  };

  const stop = async () => {
    if (grpc) await grpc.stop();
    if (httpApp) await httpApp.close();
    for (const app of microservices) await app.close();
    for (const subscription of subscriptions) await subscription.stop();
    await infra.close();
  };

  try {
    for (const service of services) {
      for (const projection of service.projections) {
        subscriptions.push(
          await startProjector(
            { ...infra, logger, service: service.name },
            projection,
            consumerOptions,
          ),
        );
      }
      if (service.reactors) {
        const app = await NestFactory.createMicroservice(
          { module: class ReactorsRoot {}, imports: [infraModule, service.reactors] },
          {
            strategy: new JetStreamTransport({
              log: infra.log,
              service: service.name,
              logger,
              ...consumerOptions,
            }),
            logger: new NestLogger(logger),
          },
        );
        app.useGlobalFilters(new RethrowRpcErrors());
        await app.listen();
        microservices.push(app);
      }
      if (service.http) {
        httpApp = await NestFactory.create<NestFastifyApplication>(
          {
            module: class HttpRoot {},
            imports: [
              infraModule,
              service.http,
              ...SERVICES.flatMap((s) => (s.api ? [s.api] : [])),
              OpenApiModule,
              OperationsModule,
              DataFolderModule,
              WebUiModule,
            ],
          },
          createHttpAdapter({ maxBodyBytes: config.MNEMO_MAX_BODY_BYTES }, logger),
          { logger: new NestLogger(logger) },
        );
      }
      if (service.start) subscriptions.push(...(await service.start(infra, logger, env)));
      logger.info({ service: service.name }, 'service started');
    }
    // The edges open once every service of this process has started: opened with the gateway, first, they let a
    // context read reach a context responder not yet subscribed (503 "no responders" in a `--target all` start's first seconds).
    if (httpApp) {
      await httpApp.listen(config.MNEMO_HTTP_PORT, config.MNEMO_HTTP_HOST);
      const address = httpApp.getHttpServer().address();
      httpPort = typeof address === 'object' && address ? address.port : config.MNEMO_HTTP_PORT;
      grpc = await startGrpcGateway(
        httpApp,
        [ingestGrpcBinding, contextGrpcBinding],
        {
          port: config.MNEMO_GRPC_PORT,
          host: config.MNEMO_HTTP_HOST,
          maxMessageBytes: config.MNEMO_MAX_BODY_BYTES,
        },
        logger,
      );
    }
    // every process keeps the database in shape; one at a time does (an advisory lock)
    subscriptions.push(
      startDatabaseMaintenance({
        dataSource: infra.dataSource,
        logger,
        duplicateWindowMs: config.MNEMO_DUPLICATE_WINDOW_MS,
        intervalMs: config.MNEMO_DB_MAINTENANCE_MS,
      }),
    );
    registerProjectionLag(
      infra.log,
      services.flatMap((service) => service.projections),
    );
    logger.info(
      { services: services.map((service) => service.name), httpPort, grpcPort: grpc?.port ?? null },
      'platform started',
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { infra, httpPort, httpApp, grpcPort: grpc?.port ?? null, stop };
}
