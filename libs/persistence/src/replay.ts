import type { DataSource } from 'typeorm';
import type { EventLog } from '@mnemo/eventing';
import { projectionLockKey, recreateSchema, type Projection } from './projection';
import { applyEvents } from './projection-runner';

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
    for await (const batch of log.read('events', 1, 1000)) {
      const upToEnd = batch.filter((stored) => stored.seq <= lastSeq);
      if (upToEnd.length) await applyEvents(sql, projection, upToEnd);
      events += upToEnd.length;
      onProgress?.(upToEnd.at(-1)?.seq ?? lastSeq, lastSeq);
      if (upToEnd.length < batch.length) break;
    }
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
