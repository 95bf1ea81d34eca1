import type { DataSource } from 'typeorm';
import {
  DependencyError,
  isStoredOf,
  subjects,
  type EventEnvelope,
  type StoredEvent,
  type StoredEventOf,
} from '@mnemo/contracts';
import {
  errorSummary,
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
 * Applies a batch of the projection's events in one transaction. The shared advisory lock lets a replay
 * (which takes it exclusively) rebuild the tables without a live batch slipping in between its drop and
 * its re-projection. A batch with none of the projection's events (a projection of several types reads
 * the whole stream) writes nothing: a commit per ignored batch in every projection measured as
 * a real share of the CPU.
 *
 * The checkpoint is not written here: it is the durable consumer's ack floor, moved after the ack
 * (CheckpointAdvancer), so with several instances it never passes a batch another one still holds.
 */
export async function applyBatch(
  dataSource: DataSource,
  projection: Projection,
  events: StoredEvent[],
): Promise<void> {
  const relevant = relevantTo(projection, events);
  if (relevant.length === 0) return;
  await inOwnTransaction(dataSource, async (runner) => {
    await runner.query(
      `BEGIN; SELECT pg_advisory_xact_lock_shared(${projectionLockKey(projection.name)})`,
    );
    await applyRelevant(runner.manager, projection, relevant);
    await runner.query('COMMIT');
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

/** The events of `events` the projection handles, in their order, each narrowed to its type. */
export function relevantTo(projection: Projection, events: StoredEvent[]): StoredEventOf[] {
  return events.filter((stored) => isStoredOf(stored, projection.handles));
}

/** The highest sequence among `events`, or `from` (0) when there are none. */
export function lastSeqOf(events: StoredEvent[], from = 0): number {
  return events.reduce((max, stored) => Math.max(max, stored.seq), from);
}

/** Advances a projection's checkpoint to `lastSeq` (never back). */
export async function writeCheckpoint(sql: Sql, name: string, lastSeq: number): Promise<void> {
  await sql.query(CHECKPOINT_SQL, [name, lastSeq]);
}

/** A projection's own events of a batch, through its bulk path where it has one. */
export async function applyRelevant(
  sql: Sql,
  projection: Projection,
  relevant: StoredEventOf[],
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

/** How long an instance keeps re-reading the floor while it is below what it settled itself. */
const FLOOR_RECHECK_MS = 2000;

/**
 * Moves a projection's checkpoint to its durable consumer's ack floor (EventLog.settledThrough), the
 * highest sequence below which every event the projection reads is applied, whichever instance applied
 * it: "everything below is done" for every reader of the checkpoint (waits, doctor, replay hand-over).
 * The highest batch committed (GREATEST of batches) was not: a batch committed by one instance moved it
 * past an earlier one another instance still held, or one redelivered after a crash.
 *
 * Runs after each settled batch, one read at a time per instance (settles during a read ask for one more).
 * An ack is sent without confirmation, so the floor read just after may not have it yet: while the floor
 * is below what this instance settled, it reads again for a short while; past that the instance holding
 * the earlier events moves the checkpoint when it settles them. The write never moves it back (a replay
 * may have put it further) and skips the WAL flush: a lost write is redone at the next settle or start.
 */
export class CheckpointAdvancer {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private settled = 0;
  private written = 0;

  constructor(
    private readonly deps: { dataSource: DataSource; log: EventLog; logger: ConsumerLogger },
    private readonly projection: string,
  ) {}

  /** This instance acked or ended the events of a batch up to `seq`. */
  settledThrough(seq: number): void {
    this.settled = Math.max(this.settled, seq);
    if (this.running) this.again = true;
    else if (!this.stopped)
      this.running = this.advance().finally(() => {
        this.running = null;
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async advance(): Promise<void> {
    const deadline = Date.now() + FLOOR_RECHECK_MS;
    for (let delay = 5; !this.stopped; delay = Math.min(delay * 2, 200)) {
      this.again = false;
      let floor: number;
      try {
        floor = await this.deps.log.settledThrough('events', `projection-${this.projection}`);
        if (floor > this.written) {
          await inOwnTransaction(this.deps.dataSource, (runner) =>
            runner.query(
              `BEGIN; SET LOCAL synchronous_commit = off; ${checkpointLiteralSql(this.projection, floor)}; COMMIT`,
            ),
          );
          this.written = floor;
        }
      } catch (error) {
        this.deps.logger.warn(
          { projection: this.projection, err: errorSummary(error) },
          'checkpoint not moved; the next batch tries again',
        );
        return;
      }
      if (this.again) continue;
      if (floor >= this.settled || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** One durable consumer per projection, shared by every instance that runs it. */
export async function startProjector(
  deps: { dataSource: DataSource; log: EventLog; logger: ConsumerLogger; service: string },
  projection: Projection,
  options: ProjectorOptions = {},
): Promise<Subscription> {
  const [only] = projection.handles;
  const filterSubject =
    projection.handles.length === 1 && only !== undefined
      ? subjects.eventsOfType(only)
      : subjects.allEvents;
  const checkpoint = new CheckpointAdvancer(deps, projection.name);
  const consuming = await runConsumer({
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
    onSettled: (seq) => checkpoint.settledThrough(seq),
  });
  // what the consumer settled before this start (a restart, a checkpoint write lost) is in its floor
  checkpoint.settledThrough(0);
  return {
    stop: async () => {
      await consuming.stop();
      await checkpoint.stop();
    },
  };
}

export async function readCheckpoint(dataSource: DataSource, name: string): Promise<number> {
  const rows: Array<{ last_seq: string }> = await dataSource.query(
    'SELECT last_seq FROM projection_checkpoints WHERE name = $1',
    [name],
  );
  const [row] = rows;
  return row ? Number(row.last_seq) : 0;
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
