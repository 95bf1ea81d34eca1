import { rename } from 'node:fs/promises';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { EventLog, Logger } from '@mnemo/eventing';
import {
  checksumProjection,
  pendingReplaysText,
  interruptedReplays,
  missingTables,
  openDataSource,
  readCheckpoint,
} from '@mnemo/persistence';
import { acquireDataDirLock } from '../data-dir/data-dir-lock';
import { openEmbeddedLog, startEmbeddedPostgres } from '../infra';
import type { PlatformConfig } from '../platform.config';
import { replayLineText, replayProjections } from '../replay-projections';
import { allMigrations, allProjections } from '../service-registry';

export interface DoctorLine {
  check: 'log' | 'database' | 'read models' | 'checkpoints' | 'checksums' | 'repair' | 'verdict';
  ok: boolean;
  detail: string;
}

interface OpenDatabase {
  dataSource: DataSource;
  url: string;
  poolSize: number;
  close(): Promise<void>;
}

/**
 * `mnemo doctor`: checks an embedded data folder (the log reads, the database opens, every read model's
 * tables are there, no checkpoint is past the log's end, the read models equal a replay of the log) and,
 * with `repair`, rebuilds the read models from the log: into the database as it is, or, when PGlite cannot
 * open its folder, into a fresh one (the broken folder is kept beside it as pgdata.broken-<time>).
 * Answers whether the folder is healthy at the end.
 */
export async function runDoctor(
  config: PlatformConfig,
  logger: Logger,
  options: { repair: boolean; say: (line: DoctorLine) => void },
): Promise<boolean> {
  const { say } = options;
  if (config.NATS_URL && config.DATABASE_URL)
    throw new Error(
      'mnemo doctor checks an embedded data folder (MNEMO_DATA_DIR); with NATS_URL and DATABASE_URL set, rebuild read models with `mnemo replay --projection all`',
    );
  const dataDir = path.resolve(config.MNEMO_DATA_DIR);
  const lock = await acquireDataDirLock(dataDir, {
    command: 'doctor',
    onCompromised: (error) => {
      logger.error({ err: error.message }, 'another process took the data folder over');
      process.exit(70);
    },
  });
  let log: EventLog | null = null;
  try {
    try {
      log = await openEmbeddedLog(dataDir);
    } catch (error) {
      say({
        check: 'log',
        ok: false,
        detail: `unreadable: ${(error as Error).message}. The log is the source of truth and doctor does not rewrite it: restore ${path.join(dataDir, 'log')} from a backup`,
      });
      return false;
    }
    const lastSeq = await log.lastSeq('events');
    const letters = (await log.listDeadLetters()).length;
    say({ check: 'log', ok: true, detail: `${lastSeq} events, ${letters} dead letters` });

    const healthy = await examineDatabase(config, dataDir, log, lastSeq, say);
    if (healthy) {
      say({ check: 'verdict', ok: true, detail: 'healthy' });
      return true;
    }
    if (!options.repair) {
      say({
        check: 'verdict',
        ok: false,
        detail:
          'the read models need repair: run `mnemo doctor --repair` (it rebuilds them from the log)',
      });
      return false;
    }
    await repair(config, dataDir, log, healthy, say);
    return true;
  } finally {
    await log?.close();
    await lock.release();
  }
}

/** Answers true when healthy, false when the read models need a rebuild, null when the database does not open. */
async function examineDatabase(
  config: PlatformConfig,
  dataDir: string,
  log: EventLog,
  lastSeq: number,
  say: (line: DoctorLine) => void,
): Promise<boolean | null> {
  let db: OpenDatabase;
  try {
    db = await openDatabase(config, dataDir);
  } catch (error) {
    say({ check: 'database', ok: false, detail: `does not open: ${(error as Error).message}` });
    return null;
  }
  let live: Record<string, Record<string, string>>;
  try {
    say({ check: 'database', ok: true, detail: 'opens, migrations applied' });
    const missing = await missingTables(db.dataSource, allProjections());
    const tables = allProjections().flatMap((projection) => projection.tables).length;
    say({
      check: 'read models',
      ok: missing.length === 0,
      detail: missing.length ? `missing tables: ${missing.join(', ')}` : `${tables} tables present`,
    });
    if (missing.length) return false;
    const interrupted = await interruptedReplays(db.dataSource);
    if (interrupted.length) {
      say({
        check: 'read models',
        ok: false,
        detail: pendingReplaysText(interrupted),
      });
      return false;
    }
    const ahead: string[] = [];
    for (const projection of allProjections()) {
      const checkpoint = await readCheckpoint(db.dataSource, projection.name);
      if (checkpoint > lastSeq) ahead.push(`${projection.name} at ${checkpoint}`);
    }
    say({
      check: 'checkpoints',
      ok: ahead.length === 0,
      detail: ahead.length
        ? `past the log's end (${lastSeq}): ${ahead.join(', ')}; these read models came from another log`
        : `none past the log's end (${lastSeq})`,
    });
    if (ahead.length) return false;
    live = await checksums(db.dataSource);
  } finally {
    await db.close();
  }
  const replayed = await checksumsOfReplay(config, log);
  const differing = Object.entries(replayed).flatMap(([name, tables]) =>
    Object.entries(tables)
      .filter(([table, sum]) => live[name]?.[table] !== sum)
      .map(([table]) => `${name}.${table}`),
  );
  say({
    check: 'checksums',
    ok: differing.length === 0,
    detail: differing.length
      ? `differ from a replay of the log: ${differing.join(', ')} (a process stopped before it caught up also shows here; a repair rebuilds them)`
      : 'every table equals a replay of the log',
  });
  return differing.length === 0;
}

async function repair(
  config: PlatformConfig,
  dataDir: string,
  log: EventLog,
  examined: boolean | null,
  say: (line: DoctorLine) => void,
): Promise<void> {
  if (examined === null && !config.DATABASE_URL) {
    const pgdata = path.join(dataDir, 'pgdata');
    const aside = `${pgdata}.broken-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(pgdata, aside);
    say({
      check: 'repair',
      ok: true,
      detail: `moved the database that does not open to ${aside}; starting a fresh one`,
    });
  }
  const db = await openDatabase(config, dataDir);
  try {
    await replayProjections(
      db.dataSource,
      log,
      allProjections(),
      (line) => {
        if (line.type === 'replayed' || line.type === 'progress')
          say({ check: 'repair', ok: true, detail: replayLineText(line) });
      },
      `doctor --repair pid ${process.pid}`,
    );
    const missing = await missingTables(db.dataSource, allProjections());
    if (missing.length) throw new Error(`still missing after the rebuild: ${missing.join(', ')}`);
  } finally {
    await db.close();
  }
  say({ check: 'verdict', ok: true, detail: 'repaired: every read model rebuilt from the log' });
}

/**
 * The read models of a replay of the whole log into a scratch database: PGlite in memory (PGlite's wire
 * server ignores a connection's search_path, so a scratch schema beside the live one would replay into
 * the live tables), or a schema of its own on a server, dropped afterwards.
 */
async function checksumsOfReplay(
  config: PlatformConfig,
  log: EventLog,
): Promise<Record<string, Record<string, string>>> {
  const schema = config.DATABASE_URL ? `mnemo_doctor_${process.pid}` : undefined;
  const db = await openDatabase(config, null, schema);
  try {
    await replayProjections(db.dataSource, log, allProjections(), () => undefined);
    return await checksums(db.dataSource);
  } finally {
    if (schema)
      await db.dataSource.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db.close();
  }
}

async function checksums(dataSource: DataSource): Promise<Record<string, Record<string, string>>> {
  const sums: Record<string, Record<string, string>> = {};
  for (const projection of allProjections())
    sums[projection.name] = await checksumProjection(dataSource, projection);
  return sums;
}

/** The platform's database (PGlite in the data folder, or in memory for null, unless DATABASE_URL is set), migrated. */
async function openDatabase(
  config: PlatformConfig,
  dataDir: string | null,
  schema = config.MNEMO_DB_SCHEMA,
): Promise<OpenDatabase> {
  const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(dataDir);
  try {
    const url = config.DATABASE_URL ?? embedded!.url;
    const poolSize = embedded ? embedded.maxConnections : config.MNEMO_DB_POOL_SIZE;
    const dataSource = await openDataSource({ url, poolSize, migrations: allMigrations(), schema });
    return {
      dataSource,
      url,
      poolSize,
      close: async () => {
        await dataSource.destroy();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}
