import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import {
  IdempotentEventLog,
  InProcessEventLog,
  JetStreamEventLog,
  parseTrailKeys,
  SealingEventLog,
  useTrailKeys,
  type EventLog,
  type Logger,
} from '@mnemo/eventing';
import {
  MemoryCache,
  openDataSource,
  PgAcceptedEventIds,
  RedisCache,
  type Cache,
  type MigrationClass,
} from '@mnemo/persistence';
import { logRedactions, RedactingEventLog } from '@mnemo/redaction-service';
import { acquireDataDirLock, type DataDirLock } from './data-dir/data-dir-lock';
import type { PlatformConfig } from './platform.config';

export interface Infra {
  log: EventLog;
  dataSource: DataSource;
  cache: Cache;
  embedded: { log: boolean; database: boolean; cache: boolean };
  /** This process's hold on MNEMO_DATA_DIR, when the log or the database is embedded there. */
  dataDirLock: DataDirLock | null;
  close(): Promise<void>;
}

export interface InfraOwner {
  /** The command that opens the data folder (`start`, `replay`, `doctor`, …), shown to whoever finds it taken. */
  command: string;
  /** Another process took the data folder over: this one must stop writing to it (default: exit). */
  onLockLost?: (error: Error) => void;
}

/**
 * The production servers when their URLs are set, else the embedded defaults under MNEMO_DATA_DIR:
 * an in-process log kept in files, PGlite behind the Postgres wire protocol, an in-process cache.
 */
export async function openInfra(
  config: PlatformConfig,
  migrations: readonly MigrationClass[],
  logger: Logger,
  owner: InfraOwner,
): Promise<Infra> {
  const dataDir = path.resolve(config.MNEMO_DATA_DIR);
  const closers: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const closer of closers.reverse())
      await closer().catch((error) => logger.warn({ err: String(error) }, 'close failed'));
  };
  // The proposal trail's keys; unset, the embedded public key, said once (docs/memory-facts.md).
  if (config.MNEMO_TRAIL_KEYS) useTrailKeys(parseTrailKeys(config.MNEMO_TRAIL_KEYS));
  else
    logger.info(
      { trailKey: 'embedded' },
      'MNEMO_TRAIL_KEYS is unset: the proposal trail is sealed with the embedded public key',
    );
  let dataDirLock: DataDirLock | null = null;
  if (!config.NATS_URL || !config.DATABASE_URL) {
    dataDirLock = await acquireDataDirLock(dataDir, {
      command: owner.command,
      onCompromised: owner.onLockLost ?? ((error) => exitOnLockLost(logger, dataDir, error)),
      onWaitingForStale: (previous) =>
        logger.warn(
          { dataDir, previousPid: previous?.pid ?? null },
          'the data folder is locked by a process that is no longer running: taking it over once its lock is stale',
        ),
    });
    closers.push(() => dataDirLock!.release());
  }
  try {
    const store: EventLog = config.NATS_URL
      ? await JetStreamEventLog.connect({
          servers: config.NATS_URL.split(',').map((url) => url.trim()),
          streamPrefix: config.MNEMO_STREAM_PREFIX,
          replicas: config.MNEMO_STREAM_REPLICAS,
          subjectPrefix: config.MNEMO_SUBJECT_PREFIX,
          duplicateWindowMs: config.MNEMO_DUPLICATE_WINDOW_MS,
        })
      : await openEmbeddedLog(dataDir);
    closers.push(() => store.close());
    await store.ensureStreams();

    let databaseUrl = config.DATABASE_URL;
    let poolSize = config.MNEMO_DB_POOL_SIZE;
    let ioConcurrency: number | undefined = config.MNEMO_DB_IO_CONCURRENCY;
    if (!databaseUrl) {
      const embedded = await startEmbeddedPostgres(dataDir);
      closers.push(embedded.stop);
      databaseUrl = embedded.url;
      poolSize = embedded.maxConnections;
      ioConcurrency = undefined; // PGlite has no prefetch, and refuses the setting
      logger.info({ poolSize }, 'embedded PostgreSQL (PGlite) is up');
    }
    const dataSource = await openDataSource({
      url: databaseUrl,
      poolSize,
      migrations,
      schema: config.MNEMO_DB_SCHEMA,
      ioConcurrency,
    });
    closers.push(() => dataSource.destroy());
    // An event id accepted once is a duplicate for good (the record), and an append to the durable log
    // that the redaction service has not redacted yet is redacted on its way (docs/redaction.md).
    // Inside the redaction, the proposal trail is sealed, so redaction reads its text first (docs/memory-facts.md).
    const log: EventLog = new RedactingEventLog(
      new SealingEventLog(new IdempotentEventLog(store, new PgAcceptedEventIds(dataSource))),
      logRedactions(logger),
    );

    const cache: Cache = config.REDIS_URL
      ? new RedisCache(config.REDIS_URL, config.MNEMO_CACHE_PREFIX)
      : new MemoryCache();
    closers.push(() => cache.close());

    return {
      log,
      dataSource,
      cache,
      embedded: { log: !config.NATS_URL, database: !config.DATABASE_URL, cache: !config.REDIS_URL },
      dataDirLock,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

function exitOnLockLost(logger: Logger, dataDir: string, error: Error): void {
  logger.error(
    { dataDir, err: error.message },
    'another process took this data folder over while this one was stalled; stopping before writing to it again',
  );
  process.exit(70);
}

export async function openEmbeddedLog(dataDir: string): Promise<EventLog> {
  const dir = path.join(dataDir, 'log');
  await mkdir(dir, { recursive: true });
  return new InProcessEventLog({ dataDir: dir });
}

/**
 * PGlite is one Postgres backend in this process; pglite-socket serves it over the wire protocol so
 * TypeORM and pg use the same code path as with a real server. Its query queue interleaves messages
 * of different connections outside explicit transactions, so it is safe with exactly one connection:
 * the pool is sized to match.
 */
export async function startEmbeddedPostgres(
  dataDir: string | null,
): Promise<{ url: string; maxConnections: number; stop: () => Promise<void> }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  // pgvector, so recall can fuse meaning with words when an embedder is configured (the migration creates the extension)
  const { vector } = await import('@electric-sql/pglite-pgvector');
  // null: a database in memory only (mnemo doctor's scratch replay)
  const pgDir = dataDir === null ? undefined : path.join(dataDir, 'pgdata');
  if (pgDir) await mkdir(pgDir, { recursive: true });
  const db = await PGlite.create(pgDir, { extensions: { vector } });
  const maxConnections = 1;
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  await server.start();
  const [host, port] = server.getServerConn().split(':');
  return {
    url: `postgres://postgres:postgres@${host}:${port}/postgres`,
    maxConnections,
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}
