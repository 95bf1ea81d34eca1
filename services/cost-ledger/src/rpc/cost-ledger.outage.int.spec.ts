import type { DataSource } from 'typeorm';
import type { JetStreamEventLog, Logger, Subscription } from '@mnemo/eventing';
import { openDataSource } from '@mnemo/persistence';
import { NatsCostGuard } from '../client/nats-cost-guard';
import { utcDay } from '../domain/utc-day';
import { CostLedger1764400004100 } from '../ledger/cost-ledger.migration';
import { PgLedger } from '../ledger/pg-ledger';
import { costCapsProjection } from '../projections/cost-caps.projection';
import { costEntriesProjection } from '../projections/cost-entries.projection';
import { startCostLedger } from './cost-ledger.responder';
import { eventually } from '../../../../tests/support/servers';
import { freePort, OwnPostgres, removeDir, scratchDir } from '../../../../tests/support/own-servers';
import { Scratch } from '../../../../tests/support/scratch';

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * SPEC §3: a ledger that cannot be reached fails open, and the call is recorded once it is back. A
 * ledger that runs but has lost its database cannot hold or record anything either: on a PostgreSQL of
 * this suite's own (stopping it never touches the machine's), the call proceeds and its spend lands
 * once the database is back, instead of the ledger's driver error refusing the reservation (the
 * runtime then proceeded with no reservation and recorded nothing).
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
    db = await openDataSource({ url: postgres.url, poolSize: 2, migrations: [CostLedger1764400004100, ...costEntriesProjection.migrations, ...costCapsProjection.migrations] });
    const ledgerLog = await scratch.log();
    client = await scratch.log();
    const config = { caps: { compaction: 0.5, session: 0.35, profile: 0.15 }, reservationTtlMs: 60_000, sweepIntervalMs: 60_000, requestTimeoutMs: 5000, failOpen: true, secretKey: null };
    running.push(...(await startCostLedger({ log: ledgerLog, dataSource: db, logger: silent }, config)));
  }, 120_000);

  afterAll(async () => {
    for (const sub of running.splice(0)) await sub.stop();
    await db?.destroy();
    await postgres?.stop({ kill: true });
    await scratch.drop();
    if (dir) removeDir(dir);
  }, 60_000);

  it('grants locally while the ledger cannot reach its database, and records the spend once it is back', async () => {
    const guard = new NatsCostGuard(client, { timeoutMs: 10_000, failOpen: true, retryIntervalMs: 100 });
    try {
      await postgres.stop({ kill: true });
      const held = await guard.reserve({ account: 'acc-outage', pools: ['session'], label: 'memory', model: 'claude-haiku-4-5', worstCaseUsd: 0.2 });
      expect(held).toMatchObject({ granted: true });
      if (!held.granted) return;
      await guard.commit(held.reservationId, { inputTokens: 900, outputTokens: 90, costUsd: 0.0015 });
      expect(guard.queued()).toBe(1);

      await postgres.start();
      await eventually(async () => guard.queued(), (n) => n === 0, 30_000);
      await expect(new PgLedger(db).balance('acc-outage', 'session', utcDay(new Date()))).resolves.toMatchObject({ spentUsd: 0.0015, reservedUsd: 0 });
    } finally {
      guard.close();
    }
  }, 120_000);
});
