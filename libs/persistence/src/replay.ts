import type { ClientBase } from 'pg';
import type { DataSource, QueryRunner } from 'typeorm';
import type { StoredEvent } from '@mnemo/contracts';
import type { EventLog } from '@mnemo/eventing';
import {
  projectionLockKey,
  recreateSchema,
  type BulkSql,
  type Projection,
  type ReplayLoader,
  type Sql,
} from './projection';
import {
  applyEvents,
  applyRelevant,
  lastSeqOf,
  relevantTo,
  writeCheckpoint,
} from './projection-runner';
import { copyIn } from './copy-in';
import { clearReplaysPending, markReplaysPending } from './replays-pending';
import { oneRow } from './one-row';

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
  /** In a one-pass replay: the time its own work took, of `seconds` (which all the projections share). */
  busySeconds?: number;
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
    // Pipelined: while Postgres applies one batch, the next is read from the log and parsed;
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
  const rows: Array<{ version: string }> = await sql.query('SELECT version()');
  return !oneRow(rows, 'SELECT version()').version.includes('PGlite');
}

/** The replay's connection as a loader sees it: TypeORM's statements, and COPY on the same client. */
function bulkSql(manager: Sql, client: ClientBase): BulkSql {
  return {
    query: (statement, parameters) => manager.query(statement, parameters),
    copyFrom: (statement, rows) => copyIn(client, statement, rows.bytes()),
  };
}

export interface OnePassOptions {
  /** Events per read from the log (REPLAY_BATCH). */
  batchSize?: number;
  /**
   * Connections the projections are dealt over, each with its own transaction, applying side by side
   * (default: up to REPLAY_CONNECTIONS, leaving one of the pool to live work; 1 on a one-connection pool).
   */
  connections?: number;
  /** After each batch every projection has applied: the log's sequence reached, of `lastSeq`. */
  onProgress?: (seq: number, lastSeq: number) => void;
  /** After the last event, as each loader's finish (keys, indexes, deferred work) starts. */
  onFinishing?: (projection: string) => void;
  /** Who asks, kept with the replay's marks (replays_pending): the command, its process and host. */
  startedBy?: string;
}

/** Connections a full replay uses by default: past a few, the machine's cores are busy anyway. */
const REPLAY_CONNECTIONS = 4;
/** Longest wait for a lock inside a one-pass replay (an exclusive projection lock waits for live batches). */
const LOCK_TIMEOUT = '120s';
/** Batches read ahead of the slowest connection: the log is read while Postgres applies. */
const READ_AHEAD = 3;

/**
 * Rebuilds several projections from one read of the log (README, "Replay"): each
 * projection's tables are dropped, recreated and re-projected as replayProjection does, with its own
 * loader where it has one, and ends with the same rows and checkpoint; but the log is read and parsed
 * once for all of them instead of once each. The projections are dealt over a few connections, each one
 * transaction under the projections' exclusive locks, so readers see the old tables until the commit;
 * a failure anywhere rolls every connection back.
 *
 * The connections commit one after another, so a crash between two commits would leave some
 * projections rebuilt and the others not: each projection is marked pending (replays_pending) before
 * anything is dropped, and its mark is removed in the transaction that commits its tables. Readiness
 * and the next start read the marks a dead replay left (docs/event-log.md, "A full replay across a
 * crash"). A failure that rolled back removes the marks this replay made (the old tables stand) and
 * keeps those it found, which a crashed replay or a fresh database left.
 */
export async function replayProjectionsInOnePass(
  dataSource: DataSource,
  log: EventLog,
  projections: readonly Projection[],
  options: OnePassOptions = {},
): Promise<ReplayResult[]> {
  const started = process.hrtime.bigint();
  const lastSeq = await log.lastSeq('events');
  const marked = await markReplaysPending(
    dataSource,
    projections.map((projection) => projection.name),
    options.startedBy ?? `replay pid ${process.pid}`,
  );
  const opened = await Promise.allSettled(
    dealOver(projections, connectionsFor(dataSource, options.connections)).map((share) =>
      Lane.open(dataSource, share),
    ),
  );
  const lanes = opened.flatMap((lane) => (lane.status === 'fulfilled' ? [lane.value] : []));
  try {
    const failed = opened.find((lane) => lane.status === 'rejected');
    if (failed) throw failed.reason;
    const inFlight: Array<{ seq: number; done: Promise<unknown> }> = [];
    const settleOldest = async () => {
      const oldest = inFlight.shift()!;
      await oldest.done;
      options.onProgress?.(oldest.seq, lastSeq);
    };
    for await (const batch of log.read('events', 1, options.batchSize ?? REPLAY_BATCH)) {
      const upToEnd = batch.filter((stored) => stored.seq <= lastSeq);
      if (upToEnd.length) {
        const done = Promise.all(lanes.map((lane) => lane.enqueue(upToEnd)));
        // observed here so a failure waits for settleOldest instead of going unhandled
        done.catch(() => undefined);
        inFlight.push({ seq: lastSeqOf(upToEnd), done });
        if (inFlight.length > READ_AHEAD) await settleOldest();
      }
      if (upToEnd.length < batch.length) break;
    }
    while (inFlight.length) await settleOldest();
    await Promise.all(lanes.map((lane) => lane.finish(options.onFinishing)));
    for (const lane of lanes) await lane.commit();
  } catch (error) {
    await Promise.all(lanes.map((lane) => lane.rollback()));
    // a lane that committed removed its own marks; the rolled back ones have their old tables again.
    // Should this fail too, the marks stay: the safe side, the next start rebuilds them.
    await clearReplaysPending(dataSource, marked).catch(() => undefined);
    throw error;
  } finally {
    await Promise.all(lanes.map((lane) => lane.release()));
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return lanes
    .flatMap((lane) => lane.results())
    .map((result) => ({ ...result, lastSeq, seconds }))
    .sort(
      (a, b) =>
        projections.findIndex((p) => p.name === a.projection) -
        projections.findIndex((p) => p.name === b.projection),
    );
}

/**
 * `asked`, or the pool's size less one for live work and at most REPLAY_CONNECTIONS; never more than
 * the pool holds (a lane waiting for a connection another lane keeps would wait forever), at least one.
 */
function connectionsFor(dataSource: DataSource, asked?: number): number {
  const poolSize = Number((dataSource.options.extra as { max?: number } | undefined)?.max ?? 10);
  return Math.max(1, Math.min(asked ?? Math.min(REPLAY_CONNECTIONS, poolSize - 1), poolSize));
}

/**
 * The projections dealt over `connections` shares: those that share a table (sharedTables) together,
 * then the groups round-robin, those reading turns (the bulk of any log) first so that they land on
 * different connections.
 */
function dealOver(projections: readonly Projection[], connections: number): Projection[][] {
  const groups: Projection[][] = [];
  for (const projection of projections) {
    const shares = (other: Projection) =>
      (projection.sharedTables ?? []).some((table) => other.sharedTables?.includes(table));
    const group = groups.find((members) => members.some(shares));
    if (group) group.push(projection);
    else groups.push([projection]);
  }
  const readsTurns = (group: Projection[]) =>
    Number(group.some((p) => p.handles.includes('TurnRecorded')));
  groups.sort((a, b) => readsTurns(b) - readsTurns(a));
  const lanes: Projection[][] = Array.from(
    { length: Math.max(1, Math.min(connections, groups.length)) },
    () => [],
  );
  groups.forEach((group, i) => lanes[i % lanes.length]?.push(...group));
  return lanes;
}

interface LaneProjection {
  projection: Projection;
  loader?: ReplayLoader;
  events: number;
  /** Time its batches and its finish took on the lane's connection. */
  busyNs: bigint;
}

/** One connection of a one-pass replay: its transaction, its projections, its batches in log order. */
class Lane {
  private queue: Promise<void> = Promise.resolve();
  private appliedSeq = 0;

  private constructor(
    private readonly queryRunner: QueryRunner,
    private readonly sql: BulkSql,
    private readonly members: LaneProjection[],
  ) {}

  static async open(dataSource: DataSource, projections: Projection[]): Promise<Lane> {
    const queryRunner = dataSource.createQueryRunner();
    const sql = bulkSql(queryRunner.manager, (await queryRunner.connect()) as ClientBase);
    const lane = new Lane(
      queryRunner,
      sql,
      projections.map((projection) => ({ projection, events: 0, busyNs: 0n })),
    );
    try {
      await queryRunner.startTransaction();
      // a lock another connection keeps to the end of the replay would otherwise be waited for forever
      await queryRunner.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      const copies = await acceptsCopy(sql);
      for (const member of lane.members) {
        const { projection } = member;
        await queryRunner.query('SELECT pg_advisory_xact_lock($1)', [
          projectionLockKey(projection.name),
        ]);
        await recreateSchema(queryRunner, projection);
        await queryRunner.query('DELETE FROM projection_checkpoints WHERE name = $1', [
          projection.name,
        ]);
        member.loader = projection.replayLoader && copies ? projection.replayLoader() : undefined;
        await member.loader?.begin(sql);
      }
      return lane;
    } catch (error) {
      await lane.rollback();
      await lane.release();
      throw error;
    }
  }

  /** Applies `batch` after the batches before it; resolves when this one is applied. */
  enqueue(batch: StoredEvent[]): Promise<void> {
    this.queue = this.queue.then(() => this.apply(batch));
    return this.queue;
  }

  private async apply(batch: StoredEvent[]): Promise<void> {
    for (const member of this.members) {
      const relevant = relevantTo(member.projection, batch);
      member.events += relevant.length;
      if (relevant.length === 0) continue;
      const started = process.hrtime.bigint();
      if (member.loader) await member.loader.applyMany(this.sql, relevant);
      else await applyRelevant(this.sql, member.projection, relevant);
      member.busyNs += process.hrtime.bigint() - started;
    }
    this.appliedSeq = lastSeqOf(batch, this.appliedSeq);
  }

  async finish(onFinishing?: (projection: string) => void): Promise<void> {
    for (const member of this.members) {
      if (member.loader) {
        onFinishing?.(member.projection.name);
        const started = process.hrtime.bigint();
        await member.loader.finish(this.sql);
        member.busyNs += process.hrtime.bigint() - started;
      }
      await writeCheckpoint(this.sql, member.projection.name, this.appliedSeq);
    }
    await clearReplaysPending(
      this.sql,
      this.members.map((member) => member.projection.name),
    );
  }

  results(): Array<Pick<ReplayResult, 'projection' | 'events' | 'busySeconds'>> {
    return this.members.map((member) => ({
      projection: member.projection.name,
      events: member.events,
      busySeconds: Number(member.busyNs) / 1e9,
    }));
  }

  commit(): Promise<void> {
    return this.queryRunner.commitTransaction();
  }

  async rollback(): Promise<void> {
    if (this.queryRunner.isTransactionActive) await this.queryRunner.rollbackTransaction();
  }

  release(): Promise<void> {
    return this.queryRunner.release();
  }
}
