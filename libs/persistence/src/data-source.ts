import { DataSource } from 'typeorm';
import { ProjectionCheckpoints1764400000000 } from './checkpoints.migration';
import {
  AcceptedEventIds1764900000000,
  AcceptedEventIdsByAccount1765100000000,
  EventKeys1765200000000,
} from './accepted-event-ids.migration';
import type { MigrationClass } from './projection';
import { ReplaysPending1765300000000 } from './replays-pending';

export interface DataSourceOptions {
  url: string;
  poolSize: number;
  migrations: readonly MigrationClass[];
  /** Postgres schema to work in (tests use a random one each). */
  schema?: string;
  applicationName?: string;
  /** How long a connection beyond the kept ones may stay idle before it is closed (default a minute). */
  idleConnectionMs?: number;
  /**
   * Blocks a bitmap heap scan asks the kernel for ahead of reading them (Postgres's
   * `effective_io_concurrency`); unset, the server's own. Only for a server Postgres: PGlite has no
   * prefetch and refuses any value but 0.
   */
  ioConcurrency?: number;
}

/**
 * Connections the pool keeps open however long they sit idle, each with its backend's catalog and plan
 * caches warm. An agent asks every few tens of seconds; with pg's default (every idle connection closed
 * after 10 s) such a question met a new connection on a cold backend. Recall at 100,000 chunks, a
 * question after 12 s of quiet: 14-32 ms with the default, 6-12 ms with connections kept (4.5-8 ms back
 * to back; recall-scale bench, quiet machine).
 */
export const KEPT_CONNECTIONS = 2;

const MIGRATION_LOCK = 0x6d6e656d; // 'mnem': one process migrates at a time when several start together

/** Opens the pool, creates the schema if asked, and runs every pending migration under an advisory lock. */
export async function openDataSource(options: DataSourceOptions): Promise<DataSource> {
  const schema = options.schema;
  if (schema) await ensureSchema(options.url, schema);
  const dataSource = new DataSource({
    type: 'postgres',
    url: options.url,
    schema,
    applicationName: options.applicationName ?? 'mnemo',
    extra: {
      max: options.poolSize,
      min: Math.min(options.poolSize, KEPT_CONNECTIONS),
      idleTimeoutMillis: options.idleConnectionMs ?? 60_000,
      ...startupOptions(options),
    },
    migrations: [
      ProjectionCheckpoints1764400000000,
      AcceptedEventIds1764900000000,
      AcceptedEventIdsByAccount1765100000000,
      EventKeys1765200000000,
      ReplaysPending1765300000000,
      ...options.migrations,
    ],
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    logging: false,
  });
  await dataSource.initialize();
  if (options.poolSize < 2) {
    // A one-connection pool (embedded PGlite) belongs to one process: nobody to race, and holding the
    // lock on the only connection would leave none for the migrations.
    await dataSource.runMigrations({ transaction: 'each' });
    return dataSource;
  }
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
  return dataSource;
}

/**
 * Settings every connection starts with. Prefetch: recall scores up to a few hundred candidate rows per
 * question through bitmap heap scans, one block each; when those blocks have left the buffers and the page
 * cache (another workload's turn, a minute of quiet), reading them one at a time cost 0.22-0.28 ms a block
 * (110 ms for 397 blocks) against 0.09 ms with 64 asked ahead (33 ms for 386).
 */
function startupOptions({ schema, ioConcurrency }: DataSourceOptions): { options?: string } {
  const settings = [
    ...(schema ? [`-c search_path=${schema}`] : []),
    ...(ioConcurrency === undefined ? [] : [`-c effective_io_concurrency=${ioConcurrency}`]),
  ];
  return settings.length ? { options: settings.join(' ') } : {};
}

async function ensureSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name "${schema}"`);
  const bootstrap = new DataSource({ type: 'postgres', url, extra: { max: 1 } });
  await bootstrap.initialize();
  try {
    await bootstrap.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } finally {
    await bootstrap.destroy();
  }
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name "${schema}"`);
  const bootstrap = new DataSource({ type: 'postgres', url, extra: { max: 1 } });
  await bootstrap.initialize();
  try {
    await bootstrap.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await bootstrap.destroy();
  }
}
