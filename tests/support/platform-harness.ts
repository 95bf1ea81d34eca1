import type { DestinationStream } from 'pino';
import request from 'supertest';
import type { App } from 'supertest/types';
import { randomUUID } from 'node:crypto';
import { JetStreamEventLog } from '@mnemo/eventing';
import { awaitCheckpoint, dropSchema, RedisCache } from '@mnemo/persistence';
import {
  createLogger,
  loadConfig,
  selectServices,
  startPlatform,
  type PlatformConfig,
  type RunningPlatform,
} from '@mnemo/platform-service';
import { TEST_DATABASE_URL, TEST_NATS_URL, TEST_REDIS_URL, uniqueName } from './servers';

export const ADMIN_KEY = 'test-admin-key-0123456789';

export interface Harness {
  platform: RunningPlatform;
  config: PlatformConfig;
  /** Environment for another `mnemo` process (CLI, a second service) in this harness's namespace. */
  childEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
  http: () => request.Agent;
  createAccount(name?: string): Promise<{ accountId: string; apiKey: string }>;
  /** Appends an event as its owning service would, waits until each named projection has read it, and answers its seq. */
  publish(
    event: PublishedEvent,
    projections: readonly string[],
    timeoutMs?: number,
  ): Promise<number>;
  stop(): Promise<void>;
}

export interface PublishedEvent {
  accountId: string;
  type: string;
  payload: unknown;
  sessionId?: string;
  /** When it happened; now by default. */
  occurredAt?: string;
}

/**
 * Starts the platform in this process against the real NATS, Postgres and Redis, in a namespace of
 * its own: random stream and subject prefixes, a random Postgres schema and a random cache prefix.
 */
export async function startHarness(
  options: {
    target?: string;
    env?: Record<string, string>;
    logDestination?: DestinationStream;
    /** A fixed namespace kept after stop (streams, schema, cache), for benches that reuse data they built once. */
    keptNamespace?: string;
  } = {},
): Promise<Harness> {
  const ns = options.keptNamespace ?? uniqueName('t').toLowerCase();
  // Every service parses its settings from this environment, never from process.env directly.
  const env: Record<string, string | undefined> = {
    ...process.env,
    // The transcript loop reads this machine's ~/.claude/projects unless told otherwise: off in tests.
    MNEMO_SESSION_INGEST_ENABLED: process.env.MNEMO_SESSION_INGEST_ENABLED ?? 'false',
    NATS_URL: TEST_NATS_URL,
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: TEST_REDIS_URL,
    MNEMO_HTTP_PORT: '0',
    MNEMO_GRPC_PORT: '0',
    MNEMO_ADMIN_KEY: ADMIN_KEY,
    MNEMO_DB_SCHEMA: ns,
    MNEMO_DB_POOL_SIZE: '5',
    MNEMO_STREAM_PREFIX: ns.toUpperCase(),
    MNEMO_SUBJECT_PREFIX: ns,
    MNEMO_CACHE_PREFIX: `${ns}:`,
    MNEMO_ACK_WAIT_MS: '2000',
    MNEMO_MAX_DELIVER: '3',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...options.env,
  };
  const config = loadConfig(env);
  const logger = createLogger(config.LOG_LEVEL, 'mnemo', options.logDestination);
  const platform = await startPlatform(
    config,
    selectServices(options.target ?? 'all'),
    logger,
    env,
  );
  const server = platform.httpApp?.getHttpServer() as App;
  const http = () => request.agent(server);
  return {
    platform,
    config,
    http,
    childEnv: (extra = {}) => ({
      ...process.env,
      NATS_URL: config.NATS_URL,
      DATABASE_URL: config.DATABASE_URL,
      REDIS_URL: config.REDIS_URL,
      MNEMO_DB_SCHEMA: config.MNEMO_DB_SCHEMA,
      MNEMO_STREAM_PREFIX: config.MNEMO_STREAM_PREFIX,
      MNEMO_SUBJECT_PREFIX: config.MNEMO_SUBJECT_PREFIX,
      MNEMO_CACHE_PREFIX: config.MNEMO_CACHE_PREFIX,
      MNEMO_HTTP_PORT: '0',
      MNEMO_GRPC_PORT: '0',
      LOG_LEVEL: 'silent',
      ...extra,
    }),
    async createAccount(name = 'acme') {
      const response = await http()
        .post('/v1/admin/accounts')
        .set('Authorization', `Bearer ${ADMIN_KEY}`)
        .send({ name });
      if (response.status !== 201)
        throw new Error(`account not created: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body as { accountId: string; apiKey: string };
    },
    async publish(event, projections, timeoutMs = 20_000) {
      const { seq } = await platform.infra.log.append('events', {
        id: randomUUID(),
        type: event.type,
        version: 1,
        accountId: event.accountId,
        ...(event.sessionId ? { sessionId: event.sessionId } : {}),
        occurredAt: event.occurredAt ?? new Date().toISOString(),
        producer: 'test',
        payload: event.payload,
      });
      for (const name of projections)
        await awaitCheckpoint(platform.infra.dataSource, name, seq, timeoutMs);
      return seq;
    },
    async stop() {
      await platform.stop();
      if (options.keptNamespace) return;
      const log = await JetStreamEventLog.connect({
        servers: TEST_NATS_URL,
        streamPrefix: ns.toUpperCase(),
        subjectPrefix: ns,
      });
      await log.deleteStreams();
      await log.close();
      const cache = new RedisCache(TEST_REDIS_URL, `${ns}:`);
      await cache.clear();
      await cache.close();
      await dropSchema(TEST_DATABASE_URL, ns);
    },
  };
}
