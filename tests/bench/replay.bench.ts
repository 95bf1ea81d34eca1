/**
 * Replay: a full rebuild of every projection from a realistic log (real NATS and Postgres), the old
 * way (one read of the log per projection, one after another) against one read for all of them, on the
 * same log and database, with each way's checksums compared. Numbers only; nothing is asserted.
 *   BENCH_REPLAY_EVENTS (20000)  events in the log
 *   BENCH_REPLAY_CONNECTIONS     connections of the one-pass replay (default: its own choice)
 */
import { loadavg } from 'node:os';
import { JetStreamEventLog } from '@mnemo/eventing';
import {
  checksumProjection,
  dropSchema,
  openDataSource,
  replayProjection,
  replayProjectionsInOnePass,
  type Projection,
} from '@mnemo/persistence';
import { allMigrations, allProjections } from '@mnemo/platform-service';
import type { DataSource } from 'typeorm';
import { replayLog } from '../support/replay-log';
import { TEST_DATABASE_URL, TEST_NATS_URL, uniqueName } from '../support/servers';

const EVENTS = Number(process.env.BENCH_REPLAY_EVENTS ?? 20_000);
const CONNECTIONS = process.env.BENCH_REPLAY_CONNECTIONS
  ? Number(process.env.BENCH_REPLAY_CONNECTIONS)
  : undefined;

async function checksums(dataSource: DataSource, projections: readonly Projection[]) {
  const sums: Record<string, Record<string, string>> = {};
  for (const projection of projections)
    sums[projection.name] = await checksumProjection(dataSource, projection);
  return sums;
}

const load = () =>
  `load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;

async function main() {
  const ns = uniqueName('bench').toLowerCase();
  const log = await JetStreamEventLog.connect({
    servers: TEST_NATS_URL,
    streamPrefix: ns.toUpperCase(),
    subjectPrefix: ns,
  });
  await log.ensureStreams();
  const projections = allProjections();
  const db = await openDataSource({
    url: TEST_DATABASE_URL,
    poolSize: 6,
    migrations: allMigrations(),
    schema: ns,
  });
  try {
    const appendStarted = performance.now();
    for (const chunk of replayLog({ events: EVENTS, accounts: ['bench-a', 'bench-b', 'bench-c'] }))
      await log.appendMany('events', chunk);
    const events = await log.lastSeq('events');
    const appendSeconds = (performance.now() - appendStarted) / 1000;
    console.log(`log: ${events} events appended in ${appendSeconds.toFixed(1)} s (${load()})`);

    const multiStarted = performance.now();
    const perProjection: Array<[string, number]> = [];
    for (const projection of projections) {
      const result = await replayProjection(db, log, projection);
      perProjection.push([projection.name, result.seconds]);
    }
    const multiSeconds = (performance.now() - multiStarted) / 1000;
    const multiSums = await checksums(db, projections);
    console.log(
      `multi-pass (${projections.length} reads of the log): ${multiSeconds.toFixed(1)} s = ${(events / multiSeconds).toFixed(0)} events/s (${load()})`,
    );
    console.log(
      `  slowest: ${perProjection
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
        .join(', ')}`,
    );

    const oneStarted = performance.now();
    const oneResults = await replayProjectionsInOnePass(db, log, projections, {
      connections: CONNECTIONS,
    });
    const oneSeconds = (performance.now() - oneStarted) / 1000;
    const oneSums = await checksums(db, projections);
    console.log(
      `one pass: ${oneSeconds.toFixed(1)} s = ${(events / oneSeconds).toFixed(0)} events/s (${load()})`,
    );
    console.log(
      `  busiest: ${oneResults
        .sort((a, b) => (b.busySeconds ?? 0) - (a.busySeconds ?? 0))
        .slice(0, 5)
        .map((r) => `${r.projection} ${(r.busySeconds ?? 0).toFixed(1)} s`)
        .join(', ')}`,
    );
    const differing = projections.flatMap((p) => {
      const multi = multiSums[p.name] ?? {};
      const one = oneSums[p.name] ?? {};
      return Object.keys(multi)
        .filter((table) => multi[table] !== one[table])
        .map((table) => `${p.name}.${table}`);
    });
    const empty = projections.flatMap((p) =>
      Object.entries(oneSums[p.name] ?? {})
        .filter(([, sum]) => sum.startsWith('0:'))
        .map(([table]) => `${p.name}.${table}`),
    );
    console.log(
      `ratio one pass / multi-pass: ${(multiSeconds / oneSeconds).toFixed(2)}x faster; checksums ${
        differing.length ? `DIFFER in ${differing.join(', ')}` : 'equal in every table'
      }${empty.length ? `; empty tables: ${empty.join(', ')}` : ''}`,
    );
  } finally {
    await db.destroy();
    await dropSchema(TEST_DATABASE_URL, ns);
    await log.deleteStreams();
    await log.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
