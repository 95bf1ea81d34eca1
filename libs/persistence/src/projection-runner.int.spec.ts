import { randomUUID } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { DataSource } from 'typeorm';
import type { EventEnvelope, StoredEvent } from '@mnemo/contracts';
import {
  redeliveries,
  runConsumer,
  type Delivery,
  type EventLog,
  type JetStreamEventLog,
} from '@mnemo/eventing';
import { checksumProjection } from './checksum';
import type { Projection, Sql } from './projection';
import {
  appendAndAwait,
  applyBatch,
  readCheckpoint,
  startProjector,
  waitForCheckpoint,
} from './projection-runner';
import { replayProjection } from './replay';
import { eventually, itemAt } from '@mnemo/testing';
import { Scratch } from '../../../tests/support/scratch';

class Tally1764400000900 implements MigrationInterface {
  name = 'Tally1764400000900';
  async up(q: QueryRunner) {
    await q.query(
      `CREATE TABLE tally (account_id text, session_id text, seq int, text text, last_seq bigint, PRIMARY KEY (account_id, session_id, seq))`,
    );
    await q.query(
      `CREATE TABLE tally_counts (account_id text, session_id text, turns int NOT NULL, last_seq bigint NOT NULL, PRIMARY KEY (account_id, session_id))`,
    );
  }
  async down(q: QueryRunner) {
    await q.query(`DROP TABLE IF EXISTS tally`);
    await q.query(`DROP TABLE IF EXISTS tally_counts`);
  }
}

/**
 * A counting projection: one row per turn, and a running count of turns per session. The count moves only
 * for an event newer than the last one it counted (the projections' `last_seq` rule), so a redelivered
 * event leaves it alone, and an event applied twice without that rule would show as a count too high.
 */
const tally: Projection = {
  name: 'tally',
  handles: ['TurnRecorded'],
  tables: ['tally', 'tally_counts'],
  migrations: [Tally1764400000900],
  async apply(sql: Sql, { event, seq }: StoredEvent) {
    const p = event.payload as { seq: number; text: string };
    await sql.query(
      `INSERT INTO tally VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account_id, session_id, seq) DO UPDATE
       SET text = EXCLUDED.text, last_seq = EXCLUDED.last_seq WHERE tally.last_seq < EXCLUDED.last_seq`,
      [event.accountId, event.sessionId, p.seq, p.text, seq],
    );
    await sql.query(
      `INSERT INTO tally_counts VALUES ($1, $2, 1, $3) ON CONFLICT (account_id, session_id) DO UPDATE
       SET turns = tally_counts.turns + 1, last_seq = EXCLUDED.last_seq WHERE tally_counts.last_seq < EXCLUDED.last_seq`,
      [event.accountId, event.sessionId, seq],
    );
  },
};

const turnEvent = (seq: number, text = `turn ${seq}`): EventEnvelope => ({
  id: randomUUID(),
  type: 'TurnRecorded',
  version: 2,
  accountId: 'acct',
  sessionId: 's-1',
  occurredAt: '2026-11-29T10:00:00.000Z',
  producer: 'test',
  payload: { seq, role: 'user', text },
});

const silent = { warn: () => undefined, error: () => undefined };

/** Wraps a log so its deliveries are never acked: the process "dies" after processing, before the ack. */
function neverAcks(log: EventLog): EventLog {
  return Object.create(log, {
    consume: {
      value: (
        spec: Parameters<EventLog['consume']>[0],
        handler: Parameters<EventLog['consume']>[1],
      ) =>
        log.consume(spec, (deliveries: Delivery[]) =>
          handler(
            deliveries.map((d) => ({
              ...d,
              ack: async () => undefined,
              nak: () => undefined,
              term: () => undefined,
              working: () => undefined,
            })),
          ),
        ),
    },
  });
}

describe('projection runner on real NATS and Postgres', () => {
  let scratch: Scratch;
  let log: JetStreamEventLog;
  let db: DataSource;

  beforeEach(async () => {
    scratch = new Scratch('pr');
    log = await scratch.log();
    db = await scratch.db(tally.migrations, 4);
  });
  afterEach(() => scratch.drop());

  const rows = async () => (await db.query(`SELECT count(*)::int AS n FROM tally`))[0].n as number;
  const counted = async () =>
    (await db.query(`SELECT coalesce(sum(turns), 0)::int AS n FROM tally_counts`))[0].n as number;

  it('leaves the read model as one delivery would when the consumer dies after processing, before the ack', async () => {
    for (let i = 1; i <= 20; i += 1) await log.append('events', turnEvent(i));
    const deps = { dataSource: db, log, logger: silent, service: 'test' };
    const dying = await startProjector({ ...deps, log: neverAcks(log) }, tally, {
      ackWaitMs: 1000,
    });
    await eventually(rows, (n) => n === 20);
    await dying.stop(); // killed: nothing was acked
    const redelivered = async () =>
      (await redeliveries.get()).values.find((v) => v.labels.consumer === 'projection-tally')
        ?.value ?? 0;
    const before = await redelivered();
    const restarted = await startProjector(deps, tally, { ackWaitMs: 1000 });
    await eventually(
      () => log.pending('events', 'projection-tally'),
      (n) => n === 0,
    );
    await restarted.stop();
    // Every event came again, and was applied again: only the projection's rule keeps the count right.
    expect((await redelivered()) - before).toBeGreaterThanOrEqual(20);
    await expect(rows()).resolves.toBe(20);
    await expect(counted()).resolves.toBe(20);
    await eventually(
      () => readCheckpoint(db, 'tally'),
      (n) => n === 20,
    );
    const live = await checksumProjection(db, tally);
    await replayProjection(db, log, tally);
    await expect(checksumProjection(db, tally)).resolves.toEqual(live);
  });

  it('answers an append once the projection has it, and says so when it lags, the events kept', async () => {
    const projector = await startProjector(
      { dataSource: db, log, logger: silent, service: 'test' },
      tally,
    );
    const seq = await appendAndAwait(
      { log, dataSource: db },
      [turnEvent(1), turnEvent(2)],
      'tally',
    );
    await expect(rows()).resolves.toBe(2);
    expect(seq).toBe(2);
    await projector.stop();
    await expect(
      appendAndAwait({ log, dataSource: db }, [turnEvent(3)], 'tally', 100),
    ).rejects.toMatchObject({ code: 'dependency_unavailable' });
    await expect(log.lastSeq('events')).resolves.toBe(3);
  });

  it('dead-letters an event whose handler always throws after the configured deliveries, and goes on with the next', async () => {
    const poison = turnEvent(1, 'poison');
    await log.append('events', poison);
    await log.append('events', turnEvent(2));
    const seen: string[] = [];
    const sub = await runConsumer({
      log,
      service: 'always-throws',
      logger: silent,
      spec: {
        stream: 'events',
        durable: 'always-throws',
        filterSubject: 'mnemo.events.>',
        maxDeliver: 3,
        ackWaitMs: 1000,
        batchSize: 10,
      },
      handle: async (events) => {
        for (const { event } of events) {
          if (event.id === poison.id) throw new Error('cannot handle this one');
          seen.push(event.id);
        }
      },
    });
    const letters = await eventually(
      () => log.listDeadLetters('always-throws').then((stored) => stored.map((s) => s.letter)),
      (l) => l.length === 1,
      20_000,
    );
    await sub.stop();
    expect(letters[0]).toMatchObject({
      deliveryCount: 3,
      event: { id: poison.id },
      error: { message: 'cannot handle this one' },
    });
    expect(seen).toHaveLength(1);
    await expect(log.pending('events', 'always-throws')).resolves.toBe(0);
  });

  it('splits one durable between two instances that together apply every event once', async () => {
    const other = await scratch.log();
    const applied: Record<string, number[]> = { a: [], b: [] };
    const counting = (name: 'a' | 'b'): Projection => ({
      ...tally,
      async apply(sql, stored) {
        applied[name]?.push(stored.seq);
        await tally.apply(sql, stored);
      },
    });
    const deps = { dataSource: db, logger: silent, service: 'test' };
    const a = await startProjector({ ...deps, log }, counting('a'), { batchSize: 5 });
    const b = await startProjector({ ...deps, log: other }, counting('b'), { batchSize: 5 });
    await Promise.all(
      Array.from({ length: 300 }, (_, i) => log.append('events', turnEvent(i + 1))),
    );
    await eventually(rows, (n) => n === 300);
    await eventually(
      () => log.pending('events', 'projection-tally'),
      (n) => n === 0,
    );
    await a.stop();
    await b.stop();
    const { a: byA = [], b: byB = [] } = applied;
    const all = [...byA, ...byB].sort((x, y) => x - y);
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
    expect(all).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
  });

  it('keeps the checkpoint below a batch one instance still holds while another commits later ones, and other types are no gap', async () => {
    const deps = { dataSource: db, logger: silent, service: 'test' };
    const other = { ...turnEvent(0), type: 'SessionStarted' };
    // Instance a holds its first batch until released; b applies what comes after and commits first.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    const holds: Projection = {
      ...tally,
      async apply(sql, stored) {
        holding = true;
        await released;
        await tally.apply(sql, stored);
      },
    };
    const a = await startProjector({ ...deps, log }, holds, { batchSize: 1 });
    const { seq: held } = itemAt(
      await log.appendMany('events', [turnEvent(1), { ...other, id: randomUUID() }]),
      0,
    );
    await eventually(
      async () => holding,
      (h) => h,
    );
    // a's consumer buffers one more (twice its batch): b gets the turns after that one
    const b = await startProjector({ ...deps, log: await scratch.log() }, tally, { batchSize: 5 });
    const later = await log.appendMany('events', [
      ...Array.from({ length: 6 }, (_, i) => turnEvent(i + 2)),
      { ...other, id: randomUUID() },
    ]);
    const end = later.at(-1)!.seq;
    await eventually(rows, (n) => n >= 4);

    // b's batches are committed and acked; the event a holds is not applied, so nothing at or past it is "done"
    await expect(waitForCheckpoint(db, 'tally', held, 1500)).resolves.toBe(false);
    expect(await readCheckpoint(db, 'tally')).toBeLessThan(held);

    release();
    await expect(waitForCheckpoint(db, 'tally', end, 10_000)).resolves.toBe(true);
    await expect(rows()).resolves.toBe(7);
    // the trailing event of another type is past every turn: the checkpoint reaches the log's end
    await expect(readCheckpoint(db, 'tally')).resolves.toBe(end);
    await a.stop();
    await b.stop();
  });

  it('keeps the checkpoint close behind a steady stream on two instances, and at the end once it stops', async () => {
    const deps = { dataSource: db, logger: silent, service: 'test' };
    // one statement per batch, so the projection is never what holds the checkpoint back
    const bulk: Projection = {
      ...tally,
      async applyMany(sql, events) {
        await sql.query(
          `INSERT INTO tally (account_id, session_id, seq, text, last_seq)
           SELECT 'acct', 's-1', t.seq, t.text, t.last_seq
           FROM unnest($1::int[], $2::text[], $3::bigint[]) AS t(seq, text, last_seq)
           ON CONFLICT (account_id, session_id, seq) DO NOTHING`,
          [
            events.map((e) => (e.event.payload as { seq: number }).seq),
            events.map((e) => (e.event.payload as { text: string }).text),
            events.map((e) => e.seq),
          ],
        );
      },
    };
    const a = await startProjector({ ...deps, log }, bulk, { batchSize: 50 });
    const b = await startProjector({ ...deps, log: await scratch.log() }, bulk, { batchSize: 50 });
    // the load: packs of ten, one after another with no pause, every fifth event of a type the projection
    // does not read; bounded in count, stopped once the checkpoint has been seen to keep up
    const MOST = 60_000;
    const LAG_BOUND = 3000;
    const load = { stop: false, appended: 0, turns: 0, lastSeq: 0 };
    const producing = (async () => {
      while (!load.stop && load.appended < MOST) {
        const pack = Array.from({ length: 10 }, (_, i) =>
          (load.appended + i) % 5 === 4
            ? { ...turnEvent(0), id: randomUUID(), type: 'SessionStarted' as const }
            : turnEvent((load.turns += 1)),
        );
        load.lastSeq = (await log.appendMany('events', pack)).at(-1)!.seq;
        load.appended += pack.length;
      }
    })();
    try {
      for (let mark = 0; mark < 5; mark += 1) {
        const { lastSeq: seq, appended } = load;
        await eventually(
          () => readCheckpoint(db, 'tally'),
          (checkpoint) => checkpoint >= seq || load.appended - appended > LAG_BOUND,
          120_000,
        );
        // passed while the stream went on, before it ran LAG_BOUND events further
        expect(await readCheckpoint(db, 'tally')).toBeGreaterThanOrEqual(seq);
        expect(load.appended - appended).toBeLessThanOrEqual(LAG_BOUND);
      }
    } finally {
      load.stop = true;
      await producing;
    }
    expect(load.appended).toBeLessThan(MOST);

    // once the load stops, the checkpoint reaches the log's end, past a trailing event of another type
    const { seq: end } = itemAt(
      await log.appendMany('events', [
        { ...turnEvent(0), id: randomUUID(), type: 'SessionStarted' },
      ]),
      0,
    );
    await expect(waitForCheckpoint(db, 'tally', end, 30_000)).resolves.toBe(true);
    await expect(readCheckpoint(db, 'tally')).resolves.toBe(end);
    await expect(rows()).resolves.toBe(load.turns);
    await a.stop();
    await b.stop();
  }, 600_000);
});

describe('applyBatch of events the projection does not read', () => {
  const scratch = new Scratch('prskip');
  let db: DataSource;
  beforeAll(async () => {
    // one connection, so what the checkpoint write leaves on it is what the next query sees
    db = await scratch.db(tally.migrations, 1);
  });
  afterAll(() => scratch.drop());

  const stored = (seq: number, type: string): StoredEvent => ({
    seq,
    event: { ...turnEvent(seq), type },
  });

  it('writes nothing, and leaves its connection as it found it', async () => {
    await applyBatch(db, tally, [stored(7, 'SessionStarted'), stored(9, 'SessionEnded')]);
    expect(await readCheckpoint(db, 'tally')).toBe(0);
    expect(await db.query(`SELECT count(*)::int AS n FROM tally`)).toEqual([{ n: 0 }]);
    expect(
      await db.query(
        `SELECT current_setting('synchronous_commit') AS value, now() = statement_timestamp() AS fresh_transaction`,
      ),
    ).toEqual([{ value: 'on', fresh_transaction: true }]);
  });
});
