import type { DataSource } from 'typeorm';
import { DependencyError, subjects, type EventEnvelope, type StoredEvent } from '@mnemo/contracts';
import {
  runConsumer,
  type ConsumerLogger,
  type EventLog,
  type Subscription,
} from '@mnemo/eventing';
import { inOwnTransaction } from './own-transaction';
import { projectionLockKey, type Projection, type Sql } from './projection';

export interface ProjectorOptions {
  maxDeliver?: number;
  ackWaitMs?: number;
  batchSize?: number;
}

/**
 * Applies a batch of events and advances the projection's checkpoint in one transaction. The shared
 * advisory lock lets a replay (which takes it exclusively) rebuild the tables without a live batch
 * slipping in between its drop and its re-projection.
 *
 * Round trips are what a batch costs most under load (issue 17: each is a socket write and a wake-up of
 * the backend, about 1 ms of CPU on the loaded bench machine): the transaction opens with its lock in
 * one, and the checkpoint goes with the commit in one. A batch with none of the projection's events
 * (a projection of several types reads the whole stream) writes nothing but its checkpoint, in one
 * round trip and without waiting for the WAL to reach the disk: no table of the projection changes, so
 * nothing needs a lock, and a checkpoint a crash loses only stays behind on events the projection does
 * not read until its next batch moves it on (GREATEST). Every projection wrote such a commit, and waited
 * for its flush, at each batch of events it ignores: each context build's telemetry event cost one per
 * projection, ~7 ms each on the loaded bench machine, competing with the reads the builds made.
 */
export async function applyBatch(
  dataSource: DataSource,
  projection: Projection,
  events: StoredEvent[],
): Promise<void> {
  const relevant = relevantTo(projection, events);
  const lastSeq = lastSeqOf(events);
  if (relevant.length === 0) {
    await inOwnTransaction(dataSource, (runner) =>
      runner.query(
        `BEGIN; SET LOCAL synchronous_commit = off; ${checkpointLiteralSql(projection.name, lastSeq)}; COMMIT`,
      ),
    );
    return;
  }
  await inOwnTransaction(dataSource, async (runner) => {
    await runner.query(
      `BEGIN; SELECT pg_advisory_xact_lock_shared(${projectionLockKey(projection.name)})`,
    );
    await applyRelevant(runner.manager, projection, relevant);
    await runner.query(`${checkpointLiteralSql(projection.name, lastSeq)}; COMMIT`);
  });
}

export async function applyEvents(
  sql: Sql,
  projection: Projection,
  events: StoredEvent[],
): Promise<void> {
  await applyRelevant(sql, projection, relevantTo(projection, events));
  await writeCheckpoint(sql, projection.name, lastSeqOf(events));
}

/** The events of `events` the projection handles, in their order. */
export function relevantTo(projection: Projection, events: StoredEvent[]): StoredEvent[] {
  return events.filter((stored) => projection.handles.includes(stored.event.type));
}

/** The highest sequence among `events`, or `from` (0) when there are none. */
export function lastSeqOf(events: StoredEvent[], from = 0): number {
  return events.reduce((max, stored) => Math.max(max, stored.seq), from);
}

/** Advances a projection's checkpoint to `lastSeq` (never back). */
export async function writeCheckpoint(sql: Sql, name: string, lastSeq: number): Promise<void> {
  await sql.query(CHECKPOINT_SQL, [name, lastSeq]);
}

async function applyRelevant(
  sql: Sql,
  projection: Projection,
  relevant: StoredEvent[],
): Promise<void> {
  if (projection.applyMany) await projection.applyMany(sql, relevant);
  else for (const stored of relevant) await projection.apply(sql, stored);
}

const CHECKPOINT_SQL = `INSERT INTO projection_checkpoints (name, last_seq) VALUES ($1, $2)
  ON CONFLICT (name) DO UPDATE SET last_seq = GREATEST(projection_checkpoints.last_seq, EXCLUDED.last_seq)`;

/** The checkpoint upsert with its values written in, for a multi-statement query (which takes no parameters). */
function checkpointLiteralSql(name: string, lastSeq: number): string {
  if (!/^[\w.-]+$/.test(name) || !Number.isSafeInteger(lastSeq))
    throw new Error(`invalid checkpoint ${name}@${lastSeq}`);
  return CHECKPOINT_SQL.replace('$1', `'${name}'`).replace('$2', String(lastSeq));
}

/** One durable consumer per projection, shared by every instance that runs it. */
export function startProjector(
  deps: { dataSource: DataSource; log: EventLog; logger: ConsumerLogger; service: string },
  projection: Projection,
  options: ProjectorOptions = {},
): Promise<Subscription> {
  const filterSubject =
    projection.handles.length === 1
      ? subjects.eventsOfType(projection.handles[0])
      : subjects.allEvents;
  return runConsumer({
    log: deps.log,
    service: deps.service,
    logger: deps.logger,
    spec: {
      stream: 'events',
      durable: `projection-${projection.name}`,
      filterSubject,
      maxDeliver: options.maxDeliver ?? 5,
      ackWaitMs: options.ackWaitMs ?? 30_000,
      batchSize: options.batchSize ?? 500,
    },
    handle: (events) => applyBatch(deps.dataSource, projection, events),
  });
}

export async function readCheckpoint(dataSource: DataSource, name: string): Promise<number> {
  const rows: Array<{ last_seq: string }> = await dataSource.query(
    'SELECT last_seq FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  return rows.length ? Number(rows[0].last_seq) : 0;
}

/** Read-your-writes: waits until a projection has applied the log up to `seq`. */
export async function waitForCheckpoint(
  dataSource: DataSource,
  name: string,
  seq: number,
  timeoutMs = 5000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    if ((await readCheckpoint(dataSource, name)) >= seq) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/**
 * Waits (bounded) until a projection has applied the log up to `seq`; else a DependencyError, which a
 * consumer answers with a retry and the HTTP edge with 503: a read model is read only once it is there.
 */
export async function awaitCheckpoint(
  dataSource: DataSource,
  projection: string,
  seq: number,
  timeoutMs = 10_000,
): Promise<void> {
  if (!(await waitForCheckpoint(dataSource, projection, seq, timeoutMs))) {
    throw new DependencyError(
      `${projection} projection`,
      `has not reached log sequence ${seq} yet; read it again in a moment`,
    );
  }
}

/**
 * Appends events and answers once `projection` has applied them, so a read right after the write sees
 * it. A projection that lags past the deadline leaves the events stored and the caller told to re-read.
 */
export async function appendAndAwait(
  deps: { log: EventLog; dataSource: DataSource },
  events: EventEnvelope[],
  projection: string,
  timeoutMs = 10_000,
): Promise<number> {
  const results = await deps.log.appendMany('events', events);
  const seq = Math.max(0, ...results.map((r) => r.seq));
  await awaitCheckpoint(deps.dataSource, projection, seq, timeoutMs);
  return seq;
}
