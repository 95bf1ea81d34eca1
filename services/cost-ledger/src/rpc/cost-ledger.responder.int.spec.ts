import type { DataSource } from 'typeorm';
import type { StoredEvent } from '@mnemo/contracts';
import type { JetStreamEventLog, Logger, Subscription } from '@mnemo/eventing';
import { openDataSource, startProjector } from '@mnemo/persistence';
import { CostGuardBusyError, type ReserveCost } from '@mnemo/llm';
import { NatsCostGuard } from '../client/nats-cost-guard';
import type { CostLedgerConfig } from '../cost-ledger.config';
import { LEDGER_SERVICE, ledgerSubjects } from '../domain/ledger-rpc';
import { utcDay } from '../domain/utc-day';
import { costCapsProjection } from '../projections/cost-caps.projection';
import { costEntriesProjection } from '../projections/cost-entries.projection';
import { CostLedger1764400004100 } from '../ledger/cost-ledger.migration';
import { CostLedgerResponder, startCostLedger } from './cost-ledger.responder';
import { PgLedger } from '../ledger/pg-ledger';
import { eventually } from '@mnemo/testing';
import {
  freePort,
  OwnPostgres,
  removeDir,
  scratchDir,
} from '../../../../tests/support/own-servers';
import { Scratch } from '../../../../tests/support/scratch';

const silent: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

const config = (overrides: Partial<CostLedgerConfig> = {}): CostLedgerConfig => ({
  caps: { compaction: 0.5, session: 0.35, profile: 0.15 },
  reservationTtlMs: 60_000,
  sweepIntervalMs: 60_000,
  requestTimeoutMs: 5000,
  failOpen: true,
  secretKey: null,
  ...overrides,
});

const ask = (
  account: string,
  worstCaseUsd: number,
  overrides: Partial<ReserveCost> = {},
): ReserveCost => ({
  account,
  pools: ['session'],
  label: 'memory',
  model: 'claude-haiku-4-5',
  worstCaseUsd,
  ...overrides,
});

describe('cost ledger over NATS and Postgres', () => {
  const scratch = new Scratch('ledger');
  let dbA: DataSource;
  let dbB: DataSource;
  let logA: JetStreamEventLog;
  let logB: JetStreamEventLog;
  let client: JetStreamEventLog;
  const running: Subscription[] = [];
  const guards: NatsCostGuard[] = [];
  const guard = (failOpen = true) => {
    // Generous: 200 reservations queue on one account's row lock, and a loaded 2-core machine may take
    // many seconds to serve them. These tests assert which answers come back, never how fast.
    const g = new NatsCostGuard(client, { timeoutMs: 45_000, failOpen, retryIntervalMs: 50 });
    guards.push(g);
    return g;
  };
  const settledEvents = async (): Promise<StoredEvent[]> => {
    const events: StoredEvent[] = [];
    for await (const batch of client.read('events', 1))
      events.push(...batch.filter((s) => s.event.type === 'LlmCallSettled'));
    return events;
  };

  beforeAll(async () => {
    const migrations = [
      CostLedger1764400004100,
      ...costEntriesProjection.migrations,
      ...costCapsProjection.migrations,
    ];
    // Two instances: their own NATS connections and their own pools against the same schema.
    dbA = await scratch.db(migrations, 4);
    dbB = await scratch.db(migrations, 4);
    [logA, logB, client] = [await scratch.log(), await scratch.log(), await scratch.log()];
  });

  afterEach(async () => {
    for (const g of guards.splice(0)) g.close();
    for (const sub of running.splice(0)) await sub.stop();
  });

  afterAll(() => scratch.drop());

  it('grants exactly 37 of 200 concurrent reservations from two instances against a cap that fits 37', async () => {
    const capped = config({ caps: { compaction: 0.5, session: 0.37, profile: 0.15 } });
    const a = new CostLedgerResponder({ log: logA, dataSource: dbA, logger: silent }, capped);
    const b = new CostLedgerResponder({ log: logB, dataSource: dbB, logger: silent }, capped);
    const answered = { a: 0, b: 0 };
    running.push(
      await logA.reply(
        ledgerSubjects.reserve,
        LEDGER_SERVICE,
        (body) => (answered.a++, a.reserve(body)),
      ),
      await logB.reply(
        ledgerSubjects.reserve,
        LEDGER_SERVICE,
        (body) => (answered.b++, b.reserve(body)),
      ),
    );
    await Promise.all([logA.ping(), logB.ping()]);
    const g = guard(false);
    const results = await Promise.all(
      Array.from({ length: 200 }, () => g.reserve(ask('acc-race', 0.01))),
    );

    expect(results.filter((r) => r.granted)).toHaveLength(37);
    expect(results.filter((r) => !r.granted)).toEqual(
      Array(163).fill({ granted: false, pool: 'session', spentUsd: 0, capUsd: 0.37 }),
    );
    expect(answered.a).toBeGreaterThan(0);
    expect(answered.b).toBeGreaterThan(0);
    expect(answered.a + answered.b).toBe(200);
    await expect(
      new PgLedger(dbA).balance('acc-race', 'session', utcDay(new Date())),
    ).resolves.toEqual({ spentUsd: 0, reservedUsd: 0.37, capUsd: 0.37 });
  });

  it('refuses a reservation past the cap with the pool, what was spent and the cap', async () => {
    running.push(
      ...(await startCostLedger({ log: logA, dataSource: dbA, logger: silent }, config())),
    );
    const g = guard(false);
    const first = await g.reserve(ask('acc-cap', 0.3));
    if (!first.granted) throw new Error('expected a grant');
    await g.commit(first.reservationId, { inputTokens: 1000, outputTokens: 100, costUsd: 0.3 });
    await expect(g.reserve(ask('acc-cap', 0.06))).resolves.toEqual({
      granted: false,
      spentUsd: 0.3,
      capUsd: 0.35,
      pool: 'session',
    });
    // A compaction summary also needs room in the shared session pool, though its own pool is empty.
    await expect(
      g.reserve(ask('acc-cap', 0.06, { pools: ['compaction', 'session'], label: 'compaction' })),
    ).resolves.toMatchObject({ granted: false, pool: 'session' });
    await expect(g.reserve(ask('acc-cap', 0.05))).resolves.toMatchObject({ granted: true });
  });

  it('records a commit as LlmCallSettled and a cost_entries row, once even when retried', async () => {
    running.push(
      ...(await startCostLedger({ log: logA, dataSource: dbA, logger: silent }, config())),
    );
    running.push(
      await startProjector(
        { dataSource: dbA, log: logA, logger: silent, service: 'cost-ledger' },
        costEntriesProjection,
        { ackWaitMs: 2000 },
      ),
    );
    const g = guard(false);
    const held = await g.reserve(
      ask('acc-commit', 0.2, { pools: ['compaction', 'session'], label: 'compaction' }),
    );
    if (!held.granted) throw new Error('expected a grant');
    await g.commit(held.reservationId, { inputTokens: 5000, outputTokens: 800, costUsd: 0.009 });
    // The same commit again, as an outbox retry would send it: nothing is spent twice.
    const day = utcDay(new Date());
    const retry = {
      reservationId: held.reservationId,
      account: 'acc-commit',
      pools: ['compaction', 'session'],
      label: 'compaction',
      model: 'claude-haiku-4-5',
      day,
      inputTokens: 5000,
      outputTokens: 800,
      costUsd: 0.009,
    };
    await expect(
      client.request(ledgerSubjects.commit, retry, { timeoutMs: 5000 }),
    ).resolves.toEqual({ recorded: false, matched: false });

    const rows = await eventually(
      () =>
        dbA.query(
          `SELECT account_id, pools, label, model, input_tokens, output_tokens, cost_usd, outcome, day::text AS day FROM cost_entries WHERE reservation_id = $1`,
          [held.reservationId],
        ),
      (r: unknown[]) => r.length > 0,
    );
    expect(rows).toEqual([
      {
        account_id: 'acc-commit',
        pools: ['compaction', 'session'],
        label: 'compaction',
        model: 'claude-haiku-4-5',
        input_tokens: 5000,
        output_tokens: 800,
        cost_usd: '0.009000',
        outcome: 'ok',
        day,
      },
    ]);
    const events = (await settledEvents()).filter(
      (s) => (s.event.payload as { reservationId?: string }).reservationId === held.reservationId,
    );
    expect(events).toHaveLength(1);
    expect(events[0]?.event).toMatchObject({
      accountId: 'acc-commit',
      producer: 'cost-ledger',
      payload: { outcome: 'ok', costUsd: 0.009 },
    });
    const ledger = new PgLedger(dbA);
    await expect(ledger.balance('acc-commit', 'compaction', day)).resolves.toMatchObject({
      spentUsd: 0.009,
      reservedUsd: 0,
    });
    await expect(ledger.balance('acc-commit', 'session', day)).resolves.toMatchObject({
      spentUsd: 0.009,
      reservedUsd: 0,
    });
  });

  it('lifts the hold of a released reservation', async () => {
    running.push(
      ...(await startCostLedger({ log: logA, dataSource: dbA, logger: silent }, config())),
    );
    const g = guard(false);
    const held = await g.reserve(ask('acc-release', 0.35));
    await expect(g.reserve(ask('acc-release', 0.01))).resolves.toMatchObject({ granted: false });
    if (held.granted) await g.release(held.reservationId);
    await expect(g.reserve(ask('acc-release', 0.35))).resolves.toMatchObject({ granted: true });
  });

  it('grants with an id and the expiry the ledger set', async () => {
    running.push(
      ...(await startCostLedger(
        { log: logA, dataSource: dbA, logger: silent },
        config({ reservationTtlMs: 90_000 }),
      )),
    );
    const before = Date.now();
    const held = await guard(false).reserve(ask('acc-expiry', 0.01));
    if (!held.granted) throw new Error('expected a grant');
    expect(held.reservationId).toMatch(/^[0-9a-f-]{36}$/);
    const expiresAt = Date.parse(held.expiresAt ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(before + 90_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 90_000 + 1000);
  });

  it('records how a call failed or went wrong: rate_limited on release, invalid_output on a commit', async () => {
    running.push(
      ...(await startCostLedger({ log: logA, dataSource: dbA, logger: silent }, config())),
    );
    running.push(
      await startProjector(
        { dataSource: dbA, log: logA, logger: silent, service: 'cost-ledger' },
        costEntriesProjection,
        { ackWaitMs: 2000 },
      ),
    );
    const g = guard(false);
    const limited = await g.reserve(ask('acc-outcome', 0.01));
    const invalid = await g.reserve(ask('acc-outcome', 0.01));
    const failed = await g.reserve(ask('acc-outcome', 0.01));
    if (!limited.granted || !invalid.granted || !failed.granted) throw new Error('expected grants');
    await g.release(limited.reservationId, 'rate_limited');
    await g.commit(invalid.reservationId, {
      inputTokens: 300,
      outputTokens: 50,
      costUsd: 0.00055,
      outcome: 'invalid_output',
    });
    await g.release(failed.reservationId);
    type Row = { reservation_id: string; outcome: string; cost: number };
    const rows = await eventually(
      (): Promise<Row[]> =>
        dbA.query(
          `SELECT reservation_id, outcome, cost_usd::float8 AS cost FROM cost_entries WHERE account_id = 'acc-outcome'`,
        ),
      (r) => r.length === 3,
    );
    const byId = Object.fromEntries(rows.map((r) => [r.reservation_id, [r.outcome, r.cost]]));
    expect(byId).toEqual({
      [limited.reservationId]: ['rate_limited', 0],
      [invalid.reservationId]: ['invalid_output', 0.00055],
      [failed.reservationId]: ['api_error', 0],
    });
    // The invalid answer was paid for: it is spent against the cap like any other.
    await expect(
      new PgLedger(dbA).balance('acc-outcome', 'session', utcDay(new Date())),
    ).resolves.toMatchObject({ spentUsd: 0.00055, reservedUsd: 0 });
  });

  it('releases reservations nobody settled once they expire, through the periodic sweep', async () => {
    running.push(
      ...(await startCostLedger(
        { log: logA, dataSource: dbA, logger: silent },
        config({ reservationTtlMs: 300, sweepIntervalMs: 100 }),
      )),
    );
    const g = guard(false);
    await expect(g.reserve(ask('acc-expire', 0.35))).resolves.toMatchObject({ granted: true });
    await expect(g.reserve(ask('acc-expire', 0.01))).resolves.toMatchObject({ granted: false });
    const day = utcDay(new Date());
    await eventually(
      () => new PgLedger(dbA).balance('acc-expire', 'session', day),
      (b) => b?.reservedUsd === 0,
      5000,
    );
    const [row] = await dbA.query(
      `SELECT status FROM cost_reservations WHERE account_id = 'acc-expire'`,
    );
    expect(row).toEqual({ status: 'expired' });
    await expect(g.reserve(ask('acc-expire', 0.35))).resolves.toMatchObject({ granted: true });
  });

  it('sweeps only what has expired, by the ledger clock', async () => {
    let now = new Date('2030-01-01T10:00:00Z');
    const handlers = new CostLedgerResponder(
      { log: logA, dataSource: dbA, logger: silent },
      config({ reservationTtlMs: 60_000 }),
      () => now,
    );
    const reserve = (id: string) =>
      handlers.reserve({
        reservationId: id,
        account: 'acc-clock',
        pools: ['profile'],
        label: 'profile',
        model: 'claude-haiku-4-5',
        worstCaseUsd: 0.05,
      });
    await reserve('00000000-0000-4000-8000-000000000001');
    now = new Date('2030-01-01T10:00:30Z');
    await reserve('00000000-0000-4000-8000-000000000002');
    now = new Date('2030-01-01T10:01:10Z');
    // Other tests' reservations (held by the real clock) are long expired by 2030 and go too.
    await expect(handlers.sweep()).resolves.toBeGreaterThanOrEqual(1);
    const statuses = await dbA.query(
      `SELECT id, status FROM cost_reservations WHERE account_id = 'acc-clock' ORDER BY id`,
    );
    expect(statuses.map((r: { status: string }) => r.status)).toEqual(['expired', 'open']);
    await expect(
      handlers.ledger.balance('acc-clock', 'profile', '2030-01-01'),
    ).resolves.toMatchObject({ reservedUsd: 0.05 });

    // A late commit of the expired one is spent all the same, on the day it was held rather than the
    // day the caller names, with no hold left to lift.
    const late = {
      reservationId: '00000000-0000-4000-8000-000000000001',
      account: 'acc-clock',
      pools: ['profile'],
      label: 'profile',
      model: 'claude-haiku-4-5',
    };
    await expect(
      handlers.commit({
        ...late,
        day: '2030-01-02',
        inputTokens: 100,
        outputTokens: 10,
        costUsd: 0.02,
      }),
    ).resolves.toEqual({ recorded: true, matched: false });
    await expect(handlers.ledger.balance('acc-clock', 'profile', '2030-01-01')).resolves.toEqual({
      spentUsd: 0.02,
      reservedUsd: 0.05,
      capUsd: 0.15,
    });
    await expect(handlers.ledger.balance('acc-clock', 'profile', '2030-01-02')).resolves.toBeNull();
  });

  it('fails open when no ledger answers, and records the spend once the ledger is back', async () => {
    const g = guard(true);
    const held = await g.reserve(ask('acc-open', 0.2));
    expect(held).toMatchObject({ granted: true });
    if (!held.granted) return;
    await g.commit(held.reservationId, { inputTokens: 900, outputTokens: 90, costUsd: 0.0015 });
    expect(g.queued()).toBe(1);

    running.push(
      ...(await startCostLedger({ log: logB, dataSource: dbB, logger: silent }, config())),
    );
    await eventually(
      async () => g.queued(),
      (n) => n === 0,
      5000,
    );
    await expect(
      new PgLedger(dbA).balance('acc-open', 'session', utcDay(new Date())),
    ).resolves.toMatchObject({ spentUsd: 0.0015, reservedUsd: 0 });
    const events = (await settledEvents()).filter(
      (s) => (s.event.payload as { reservationId?: string }).reservationId === held.reservationId,
    );
    expect(events.map((s) => s.event.payload)).toEqual([
      expect.objectContaining({ outcome: 'ok', costUsd: 0.0015, inputTokens: 900 }),
    ]);
  });

  it('never grants past the cap on a late answer: a ledger held up beyond the timeout is asked again, then the call is refused', async () => {
    running.push(
      ...(await startCostLedger({ log: logA, dataSource: dbA, logger: silent }, config())),
    );
    const setup = guard(false);
    const first = await setup.reserve(ask('acc-late', 0.35));
    if (!first.granted) throw new Error('expected a grant');
    await setup.commit(first.reservationId, {
      inputTokens: 1000,
      outputTokens: 100,
      costUsd: 0.35,
    });
    // The cap is spent. A transaction of the test's own holds the pool's row, so the ledger answers late.
    const blocker = dbB.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query(`SELECT * FROM cost_pool_days WHERE account_id = 'acc-late' FOR UPDATE`);
    const late = new NatsCostGuard(client, { timeoutMs: 300, failOpen: true, timeoutRetries: 1 });
    guards.push(late);
    try {
      await expect(late.reserve(ask('acc-late', 0.01))).rejects.toBeInstanceOf(CostGuardBusyError);
    } finally {
      await blocker.rollbackTransaction();
      await blocker.release();
    }
    // Let go, the ledger answers the same question on time: refused, the cap is spent.
    await expect(late.reserve(ask('acc-late', 0.01))).resolves.toMatchObject({
      granted: false,
      pool: 'session',
      spentUsd: 0.35,
    });
  });

  it('asks again with the same reservation id after a late answer, and holds the worst case once', async () => {
    running.push(
      ...(await startCostLedger({ log: logA, dataSource: dbA, logger: silent }, config())),
    );
    const blocker = dbB.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query(
      `INSERT INTO cost_pool_days (account_id, pool, day, cap_usd) VALUES ('acc-again', 'session', $1, 0.35)`,
      [utcDay(new Date())],
    );
    const lateAnswers: number[] = [];
    const logger = {
      ...silent,
      warn: (fields: object) => void lateAnswers.push((fields as { attempt: number }).attempt),
    };
    const late = new NatsCostGuard(
      client,
      { timeoutMs: 300, failOpen: true, timeoutRetries: 20 },
      logger,
    );
    guards.push(late);
    const reserving = late.reserve(ask('acc-again', 0.1));
    // The first request is stuck behind the uncommitted row and times out; once the row commits, the asks
    // queued behind it are answered, and a later ask with the same id finds the grant, not a second hold.
    await eventually(
      async () => lateAnswers.length,
      (n) => n >= 2,
      15_000,
    );
    await blocker.commitTransaction();
    await blocker.release();
    await expect(reserving).resolves.toMatchObject({ granted: true });
    await expect(
      new PgLedger(dbA).balance('acc-again', 'session', utcDay(new Date())),
    ).resolves.toMatchObject({ reservedUsd: 0.1 });
  });

  it('refuses to proceed without the ledger when failing open is turned off', async () => {
    await expect(guard(false).reserve(ask('acc-closed', 0.01))).rejects.toThrow();
  });
});

/**
 * docs/costs.md: a ledger that cannot be reached fails open, and the call is recorded once it is
 * back. A ledger that runs but has lost its database cannot hold or record anything either: on a
 * PostgreSQL of this suite's own (stopping it never touches the machine's), the call proceeds and
 * its spend lands once the database is back, instead of the ledger's driver error refusing the
 * reservation (the runtime then proceeded with no reservation and recorded nothing).
 */
describe('cost ledger whose database is down', () => {
  const scratch = new Scratch('ledger_outage');
  let dir: string;
  let postgres: OwnPostgres;
  let db: DataSource;
  let client: JetStreamEventLog;
  const running: Subscription[] = [];

  beforeAll(async () => {
    dir = scratchDir('mnemo-ledger-outage');
    postgres = new OwnPostgres(await freePort(), dir);
    await postgres.init();
    db = await openDataSource({
      url: postgres.url,
      poolSize: 2,
      migrations: [
        CostLedger1764400004100,
        ...costEntriesProjection.migrations,
        ...costCapsProjection.migrations,
      ],
    });
    const ledgerLog = await scratch.log();
    client = await scratch.log();
    running.push(
      ...(await startCostLedger({ log: ledgerLog, dataSource: db, logger: silent }, config())),
    );
  }, 120_000);

  afterAll(async () => {
    for (const sub of running.splice(0)) await sub.stop();
    await db?.destroy();
    await postgres?.stop({ kill: true });
    await scratch.drop();
    if (dir) removeDir(dir);
  }, 60_000);

  it('grants locally while the ledger cannot reach its database, and records the spend once it is back', async () => {
    const guard = new NatsCostGuard(client, {
      timeoutMs: 10_000,
      failOpen: true,
      retryIntervalMs: 100,
    });
    try {
      await postgres.stop({ kill: true });
      const held = await guard.reserve(ask('acc-outage', 0.2));
      expect(held).toMatchObject({ granted: true });
      if (!held.granted) return;
      await guard.commit(held.reservationId, {
        inputTokens: 900,
        outputTokens: 90,
        costUsd: 0.0015,
      });
      expect(guard.queued()).toBe(1);

      await postgres.start();
      await eventually(
        async () => guard.queued(),
        (n) => n === 0,
        30_000,
      );
      await expect(
        new PgLedger(db).balance('acc-outage', 'session', utcDay(new Date())),
      ).resolves.toMatchObject({ spentUsd: 0.0015, reservedUsd: 0 });
    } finally {
      guard.close();
    }
  }, 120_000);
});
