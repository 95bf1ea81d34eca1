import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { EventType, StoredEventOf } from '@mnemo/contracts';
import type { CopyRows } from './copy-text';

/** What a projector writes through: an EntityManager inside the batch transaction. */
export interface Sql {
  query<T = any>(sql: string, parameters?: unknown[]): Promise<T>;
}

/**
 * What a replay's loader writes through: the replay's one connection, inside its transaction, with COPY
 * besides statements.
 */
export interface BulkSql extends Sql {
  /** Runs `COPY … FROM STDIN` with the rows of `rows`. */
  copyFrom(statement: string, rows: CopyRows): Promise<void>;
}

/**
 * A faster way for a replay to fill a projection's tables than live batches have. A replay writes into
 * tables it has just created in its own transaction, which nobody sees before it commits: it can append
 * rows with COPY where a live batch must upsert into rows that are there, and build a key once at the end
 * instead of row by row. `finish` must leave the same rows, keys and indexes as applying the log live.
 */
export interface ReplayLoader<T extends EventType = EventType> {
  /** After the tables are created, before the first event. */
  begin(sql: BulkSql): Promise<void>;
  /** The projection's events of one batch, in log order; batches come in log order. */
  applyMany(sql: BulkSql, events: StoredEventOf<T>[]): Promise<void>;
  /** After the last event. */
  finish(sql: BulkSql): Promise<void>;
}

export type MigrationClass = new () => MigrationInterface;

/**
 * A projector: event → read model, nothing else. It must be a pure function of the events it reads
 * (no clock, no ids, no calls out), so a replay rebuilds exactly the live tables. Every row carries
 * `last_seq`, the stream sequence that last wrote it, and updates only rows with an older one.
 */
export interface Projection<T extends EventType = EventType> {
  readonly name: string;
  /** Event types it reads; the runner filters the log to them and hands it each narrowed to its type. */
  readonly handles: readonly T[];
  readonly tables: readonly string[];
  /**
   * Tables it writes besides its own, which other projections write too (context's versions): a
   * one-pass replay applies the projections that share one on one connection, since a row one
   * connection's open transaction wrote would hold the other's write until the end of the replay.
   */
  readonly sharedTables?: readonly string[];
  /** TypeORM migrations that create its tables and only those (run at start; a replay drops the tables and runs them up again). */
  readonly migrations: readonly MigrationClass[];
  apply(sql: Sql, stored: StoredEventOf<T>): Promise<void>;
  /**
   * Optional bulk path for a batch of its events, in log order; must leave the same rows as applying
   * them one by one (replay and live runs both use it, so checksums stay comparable).
   */
  applyMany?(sql: Sql, events: StoredEventOf<T>[]): Promise<void>;
  /** Optional replay path; a replay calls it fresh for each run, so a loader may keep state between batches. */
  replayLoader?(): ReplayLoader<T>;
}

/**
 * The projection's tables made anew and empty, for a replay: dropped (their indexes and keys with them),
 * then every migration run up. Running the migrations down first did the same by a longer way, and a
 * `down` that rewrites rows (RecallTermHashes' gives every chunk its text vectors back) did that work
 * for tables about to be dropped. A projection's migrations create its declared tables and nothing
 * else (a contract spec holds every projection to it), so dropping those leaves nothing behind.
 */
export async function recreateSchema(
  queryRunner: QueryRunner,
  projection: Projection,
): Promise<void> {
  for (const table of projection.tables)
    await queryRunner.query(`DROP TABLE IF EXISTS ${table} CASCADE`);
  for (const Migration of projection.migrations) await new Migration().up(queryRunner);
}

/** A stable 32-bit key for a projection's advisory lock (replay takes it exclusively, live batches shared). */
export function projectionLockKey(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash | 0;
}
