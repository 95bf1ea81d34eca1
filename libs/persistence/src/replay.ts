import type { DataSource } from 'typeorm';
import type { EventLog } from '@mnemo/eventing';
import { projectionLockKey, recreateSchema, type Projection } from './projection';
import { applyEvents } from './projection-runner';

/** Events per read from the log and per apply: large enough that a statement's fixed cost is small. */
const REPLAY_BATCH = 2000;

export interface ReplayResult {
  projection: string;
  events: number;
  lastSeq: number;
  seconds: number;
}

/**
 * Drops a projection's tables, recreates them and re-projects the whole log from sequence 1, all in
 * one transaction: readers see the old tables until the new ones are complete. Only projectors run;
 * reactors never see a replay, so it makes no model call and publishes nothing.
 */
export async function replayProjection(
  dataSource: DataSource,
  log: EventLog,
  projection: Projection,
  onProgress?: (seq: number, lastSeq: number) => void,
): Promise<ReplayResult> {
  const started = process.hrtime.bigint();
  const lastSeq = await log.lastSeq('events');
  let events = 0;
  const queryRunner = dataSource.createQueryRunner();
  await queryRunner.connect();
  try {
    await queryRunner.startTransaction();
    await queryRunner.query('SELECT pg_advisory_xact_lock($1)', [projectionLockKey(projection.name)]);
    await recreateSchema(queryRunner, projection);
    await queryRunner.query('DELETE FROM projection_checkpoints WHERE name = $1', [projection.name]);
    const sql = queryRunner.manager;
    // Pipelined (issue 17): while Postgres applies one batch, the next is read from the log and parsed;
    // batches still apply one after another, in log order, on this one connection.
    let applying: Promise<void> = Promise.resolve();
    for await (const batch of log.read('events', 1, REPLAY_BATCH)) {
      const upToEnd = batch.filter((stored) => stored.seq <= lastSeq);
      await applying;
      if (upToEnd.length) {
        applying = applyEvents(sql, projection, upToEnd);
        // observed here so a failure waits for the next `await applying` instead of going unhandled
        applying.catch(() => undefined);
      }
      events += upToEnd.length;
      onProgress?.(upToEnd.at(-1)?.seq ?? lastSeq, lastSeq);
      if (upToEnd.length < batch.length) break;
    }
    await applying;
    if (events === 0) await applyEvents(sql, projection, []);
    await queryRunner.commitTransaction();
  } catch (error) {
    if (queryRunner.isTransactionActive) await queryRunner.rollbackTransaction();
    throw error;
  } finally {
    await queryRunner.release();
  }
  return { projection: projection.name, events, lastSeq, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}
