import type { ClientBase } from 'pg';
import type { DataSource } from 'typeorm';
import type { StoredEvent } from '@mnemo/contracts';
import type { EventLog } from '@mnemo/eventing';
import {
  projectionLockKey,
  recreateSchema,
  type BulkSql,
  type Projection,
  type Sql,
} from './projection';
import { applyEvents, lastSeqOf, relevantTo, writeCheckpoint } from './projection-runner';
import { copyIn } from './copy-in';

/** Events per read from the log and per apply: large enough that a statement's fixed cost is small. */
const REPLAY_BATCH = 2000;

export interface ReplayOptions {
  /** Events per read and per apply (REPLAY_BATCH). */
  batchSize?: number;
  onProgress?: (seq: number, lastSeq: number) => void;
}

export interface ReplayResult {
  projection: string;
  events: number;
  lastSeq: number;
  seconds: number;
}

/**
 * Drops a projection's tables, recreates them and re-projects the whole log from sequence 1, all in
 * one transaction: readers see the old tables until the new ones are complete. Only projectors run;
 * reactors never see a replay, so it makes no model call and publishes nothing. A projection with a
 * replayLoader is loaded through it (COPY, keys built at the end), except on PGlite's wire server.
 */
export async function replayProjection(
  dataSource: DataSource,
  log: EventLog,
  projection: Projection,
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  const started = process.hrtime.bigint();
  const lastSeq = await log.lastSeq('events');
  let events = 0;
  const queryRunner = dataSource.createQueryRunner();
  const sql = bulkSql(queryRunner.manager, (await queryRunner.connect()) as ClientBase);
  try {
    await queryRunner.startTransaction();
    await queryRunner.query('SELECT pg_advisory_xact_lock($1)', [
      projectionLockKey(projection.name),
    ]);
    await recreateSchema(queryRunner, projection);
    await queryRunner.query('DELETE FROM projection_checkpoints WHERE name = $1', [
      projection.name,
    ]);
    const loader =
      projection.replayLoader && (await acceptsCopy(sql)) ? projection.replayLoader() : undefined;
    await loader?.begin(sql);
    const apply = loader
      ? (batch: StoredEvent[]) => loader.applyMany(sql, relevantTo(projection, batch))
      : (batch: StoredEvent[]) => applyEvents(sql, projection, batch);
    // Pipelined (issue 17): while Postgres applies one batch, the next is read from the log and parsed;
    // batches still apply one after another, in log order, on this one connection.
    let applying: Promise<void> = Promise.resolve();
    let appliedSeq = 0;
    for await (const batch of log.read('events', 1, options.batchSize ?? REPLAY_BATCH)) {
      const upToEnd = batch.filter((stored) => stored.seq <= lastSeq);
      await applying;
      if (upToEnd.length) {
        applying = apply(upToEnd);
        // observed here so a failure waits for the next `await applying` instead of going unhandled
        applying.catch(() => undefined);
        appliedSeq = lastSeqOf(upToEnd, appliedSeq);
      }
      events += upToEnd.length;
      options.onProgress?.(upToEnd.at(-1)?.seq ?? lastSeq, lastSeq);
      if (upToEnd.length < batch.length) break;
    }
    await applying;
    if (loader) {
      await loader.finish(sql);
      await writeCheckpoint(sql, projection.name, appliedSeq);
    } else if (events === 0) await applyEvents(sql, projection, []);
    await queryRunner.commitTransaction();
  } catch (error) {
    if (queryRunner.isTransactionActive) await queryRunner.rollbackTransaction();
    throw error;
  } finally {
    await queryRunner.release();
  }
  return {
    projection: projection.name,
    events,
    lastSeq,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
  };
}

/** PGlite's wire server (the embedded database) ends the connection at a COPY FROM STDIN. */
async function acceptsCopy(sql: Sql): Promise<boolean> {
  const [{ version }]: Array<{ version: string }> = await sql.query('SELECT version()');
  return !version.includes('PGlite');
}

/** The replay's connection as a loader sees it: TypeORM's statements, and COPY on the same client. */
function bulkSql(manager: Sql, client: ClientBase): BulkSql {
  return {
    query: (statement, parameters) => manager.query(statement, parameters),
    copyFrom: (statement, rows) => copyIn(client, statement, rows.bytes()),
  };
}
