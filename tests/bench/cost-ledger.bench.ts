/**
 * Cost-ledger reservations through NATS request/reply, answered by two ledger instances (own NATS
 * connection and own Postgres pool each, one queue group), against the real servers on 127.0.0.1.
 * Prints reservations per second at several concurrencies and the latency of one reservation.
 *
 *   node bin/run-ts.js tests/bench/cost-ledger.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { JetStreamEventLog, type Logger, type Subscription } from '@mnemo/eventing';
import { dropSchema, openDataSource } from '@mnemo/persistence';
import {
  CostCaps1764400004400,
  CostLedger1764400004100,
  ledgerSubjects,
  startCostLedger,
  type CostLedgerConfig,
  type ReserveBody,
} from '@mnemo/cost-ledger-service';
import { firstItems, itemAt } from '@mnemo/testing';

const NATS = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const silent: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
const config: CostLedgerConfig = {
  // Caps far above what the run reserves: the bench measures the path, not refusals.
  caps: { compaction: 1_000_000, session: 1_000_000, profile: 1_000_000 },
  reservationTtlMs: 10 * 60_000,
  sweepIntervalMs: 60_000,
  requestTimeoutMs: 10_000,
  failOpen: false,
  secretKey: null,
};

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function run(client: JetStreamEventLog, concurrency: number, accounts: number) {
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  let n = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const body: ReserveBody = {
        reservationId: randomUUID(),
        account: `bench-${n++ % accounts}`,
        pools: ['compaction', 'session'],
        label: 'compaction',
        model: 'claude-haiku-4-5',
        worstCaseUsd: 0.000001,
      };
      const start = performance.now();
      const answer = (await client.request(ledgerSubjects.reserve, body, {
        timeoutMs: 10_000,
      })) as { granted: boolean };
      latencies.push(performance.now() - start);
      if (!answer.granted) throw new Error('unexpected refusal');
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    concurrency,
    accounts,
    reservations: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
  };
}

async function main() {
  const ns = `bench_ledger_${randomUUID().slice(0, 8)}`;
  const connect = () =>
    JetStreamEventLog.connect({ servers: NATS, streamPrefix: ns.toUpperCase(), subjectPrefix: ns });
  const migrations = [CostLedger1764400004100, CostCaps1764400004400];
  const dbs = [
    await openDataSource({ url: PG, poolSize: 8, migrations, schema: ns }),
    await openDataSource({ url: PG, poolSize: 8, migrations, schema: ns }),
  ];
  const logs = await Promise.all([connect(), connect(), connect()]);
  const [first, second, client] = firstItems(logs, 3);
  await first.ensureStreams();
  const subs: Subscription[] = [];
  for (const [log, dataSource] of [
    [first, itemAt(dbs, 0)],
    [second, itemAt(dbs, 1)],
  ] as const)
    subs.push(...(await startCostLedger({ log, dataSource, logger: silent }, config)));
  try {
    await run(client, 8, 10); // warm-up: connections, plans, JIT
    const rows = [];
    rows.push(await run(client, 1, 1));
    rows.push(await run(client, 32, 1));
    rows.push(await run(client, 32, 100));
    rows.push(await run(client, 128, 100));
    console.log(`cost-ledger reserve over NATS, 2 ledger instances, ${SECONDS}s per row`);
    console.log('concurrency  accounts  reservations  per_second  p50_ms  p99_ms');
    for (const r of rows) {
      console.log(
        `${String(r.concurrency).padStart(11)}  ${String(r.accounts).padStart(8)}  ${String(r.reservations).padStart(12)}  ${String(r.perSecond).padStart(10)}  ${r.p50.toFixed(2).padStart(6)}  ${r.p99.toFixed(2).padStart(6)}`,
      );
    }
    console.log(
      `latency of one reservation (no contention, concurrency 1): p50 ${itemAt(rows, 0).p50.toFixed(2)} ms, p99 ${itemAt(rows, 0).p99.toFixed(2)} ms`,
    );
  } finally {
    for (const sub of subs) await sub.stop();
    await logs[0].deleteStreams();
    await Promise.all(logs.map((log) => log.close()));
    await Promise.all(dbs.map((db) => db.destroy()));
    await dropSchema(PG, ns);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
