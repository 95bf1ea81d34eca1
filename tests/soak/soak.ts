/**
 * `npm run soak`: a bounded soak on loopback. The whole platform in one `mnemo start --target all`
 * process, on a NATS, Redis and PostgreSQL of the soak's own (free ports, a temp dir), under steady ingest
 * plus context reads and recall. Every MNEMO_SOAK_SAMPLE_S seconds it samples the process's resident memory
 * (/proc/PID/status), its V8 heap (the gateway's /metrics), its open file descriptors (/proc/PID/fd) and the
 * consumers' lag (pending + unacknowledged over every durable consumer); at the end it prints each series'
 * least-squares slope after the warm-up and whether it is flat. Numbers only: nothing is asserted, and it is
 * not part of `npm test`. MNEMO_SOAK_MINUTES (default 10) bounds it. Every request other than a 2xx is a
 * failure, printed with its route, status and body or fetch error (with its cause), the connection it went
 * out on and what the platform logged about it; the platform's log is then kept (MNEMO_SOAK_KEEP=1 always).
 * At the start and every minute it prints the largest tables' sizes (with indexes), index sizes and live and
 * dead rows; at the end whether a table grew faster than the rows it holds (bloat). MNEMO_SOAK_AUTOVACUUM=off
 * runs the soak's Postgres without autovacuum, as some servers are: the platform's own maintenance
 * (MNEMO_DB_MAINTENANCE_MS) is then all that vacuums.
 */
import { randomUUID } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { Client } from 'pg';
import { itemAt, waitFor } from '@mnemo/testing';
import {
  freePort,
  OwnNats,
  OwnPostgres,
  OwnRedis,
  removeDir,
  scratchDir,
} from '../support/own-servers';
import { ownServersEnv, ServiceProcess } from '../support/service-fleet';

const MINUTES = Number(process.env.MNEMO_SOAK_MINUTES ?? 10);
const SAMPLE_S = Number(process.env.MNEMO_SOAK_SAMPLE_S ?? 10);
/** The first part of the run is warm-up (JIT, pools, caches filling): left out of the slope. */
const WARMUP_FRACTION = 0.2;
const ADMIN_KEY = 'soak-admin-key-0123456789';

interface Sample {
  minute: number;
  rssMb: number;
  heapMb: number;
  fds: number;
  lag: number;
}

/** A request that got no answer or an answer other than 2xx. */
interface Failure {
  minute: number;
  method: string;
  route: string;
  correlationId: string;
  /** When it failed (epoch ms): where to look in the log for a request the platform never saw. */
  at: number;
  /** The status and the start of the body, or the fetch error. */
  outcome: string;
}

/**
 * Which connection each request went out on, by its correlation id: a request that fails on a kept-alive
 * connection reused just as the server closed it (Fastify closes idle ones after 72 s) says so.
 */
function watchConnections(): (correlationId: string) => string | undefined {
  const lastSent = new WeakMap<object, number>();
  const sentOn = new Map<string, string>();
  subscribe('undici:client:sendHeaders', (message) => {
    const { headers, socket } = message as { headers: string; socket: object };
    const id = /x-correlation-id: ([^\r\n]+)/i.exec(headers)?.[1];
    const last = lastSent.get(socket);
    lastSent.set(socket, Date.now());
    if (id)
      sentOn.set(
        id,
        last === undefined
          ? 'a new connection'
          : `a connection reused ${((Date.now() - last) / 1000).toFixed(1)} s after its last request`,
      );
  });
  return (id) => sentOn.get(id);
}

/**
 * Each failure with what the platform logged about it: the lines carrying its correlation id, and the
 * warnings and errors of the two seconds before its answer (a dependency's complaint rarely carries the id).
 */
function explainFailures(
  failures: Failure[],
  log: string,
  connectionOf: (correlationId: string) => string | undefined,
): string {
  const lines = log.split('\n').map((line) => {
    try {
      return {
        line,
        entry: JSON.parse(line) as { level?: number; time?: number; correlationId?: string },
      };
    } catch {
      return { line, entry: null };
    }
  });
  const out = [`  failures (${failures.length}):\n`];
  for (const failure of failures.slice(0, 20)) {
    out.push(
      `    at ${failure.minute.toFixed(2)} min ${failure.method} ${failure.route} → ${failure.outcome} (correlation ${failure.correlationId})\n`,
    );
    out.push(
      `      sent on ${connectionOf(failure.correlationId) ?? 'no connection (never sent)'}\n`,
    );
    const own = lines.filter(({ entry }) => entry?.correlationId === failure.correlationId);
    const answeredAt = own.at(-1)?.entry?.time ?? failure.at;
    const near = lines.filter(
      ({ entry }) =>
        (entry?.level ?? 0) >= 40 &&
        entry?.correlationId !== failure.correlationId &&
        Math.abs(entry!.time! - answeredAt) <= 2000,
    );
    // No access-log line: the request never reached the server's routing (a kept-alive socket it had closed, a refused connection).
    if (own.length === 0)
      out.push(
        '      (the platform logged nothing under this correlation id: the request never reached its HTTP handlers)\n',
      );
    for (const { line } of [...own, ...near].slice(0, 8)) out.push(`      ${line.slice(0, 400)}\n`);
  }
  if (failures.length > 20) out.push(`    … and ${failures.length - 20} more\n`);
  return out.join('');
}

/** fetch says only "fetch failed": what failed is in its cause (a reset socket, a refused connection, a timeout). */
function describeFetchError(error: Error): string {
  const cause = error.cause as (Error & { code?: string }) | undefined;
  return `${error.name}: ${error.message}${cause ? ` (${[cause.code, cause.name, cause.message].filter(Boolean).join(' ')})` : ''}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface TableSize {
  table: string;
  totalBytes: number;
  indexBytes: number;
  live: number;
  dead: number;
}

/** Tables shown each minute: the largest, by size with indexes and TOAST. */
const TABLES_SHOWN = 12;

async function tableSizes(pg: Client): Promise<TableSize[]> {
  await pg.query('SELECT pg_stat_force_next_flush()').catch(() => undefined);
  const { rows } = await pg.query<{
    table: string;
    total: string;
    indexes: string;
    live: string;
    dead: string;
  }>(
    `SELECT s.relname AS table, pg_total_relation_size(s.relid) AS total, pg_indexes_size(s.relid) AS indexes,
            s.n_live_tup AS live, s.n_dead_tup AS dead
     FROM pg_stat_user_tables s ORDER BY pg_total_relation_size(s.relid) DESC`,
  );
  return rows.map((r) => ({
    table: r.table,
    totalBytes: Number(r.total),
    indexBytes: Number(r.indexes),
    live: Number(r.live),
    dead: Number(r.dead),
  }));
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(2);

function printTables(minute: number, sizes: TableSize[]): void {
  process.stdout.write(
    `  tables at ${minute.toFixed(1)} min (size with indexes / indexes, live / dead rows):\n`,
  );
  for (const t of sizes.slice(0, TABLES_SHOWN))
    process.stdout.write(
      `    ${t.table.padEnd(28)} ${mb(t.totalBytes).padStart(8)} MB / ${mb(t.indexBytes).padStart(7)} MB  ${String(t.live).padStart(8)} / ${String(t.dead).padStart(7)}\n`,
    );
}

/**
 * A table grows faster than the data it holds when its bytes per live row rise: its size grew by more than a
 * quarter over what its rows grew (and by more than a megabyte, above page-granularity noise).
 */
function reportBloat(first: TableSize[], last: TableSize[]): void {
  process.stdout.write('  tables from the end of the warm-up to the end (bytes per live row):\n');
  const before = new Map(first.map((t) => [t.table, t]));
  for (const end of last.slice(0, TABLES_SHOWN)) {
    const start = before.get(end.table);
    if (!start) continue;
    const grew = end.totalBytes - start.totalBytes;
    const sizeRatio = end.totalBytes / Math.max(1, start.totalBytes);
    const rowRatio = Math.max(1, end.live) / Math.max(1, start.live);
    const perRow = (t: TableSize) => (t.live ? (t.totalBytes / t.live).toFixed(0) : '-');
    const verdict =
      grew > 2 ** 20 && sizeRatio > rowRatio * 1.25
        ? 'GROWING faster than its rows'
        : 'grows with its rows';
    process.stdout.write(
      `    ${end.table.padEnd(28)} ${mb(start.totalBytes)} → ${mb(end.totalBytes)} MB, rows ${start.live} → ${end.live}, ` +
        `${perRow(start)} → ${perRow(end)} B/row, dead ${end.dead} → ${verdict}\n`,
    );
  }
}

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return kb / 1024;
}

/** Least squares over (minute, value): the slope per minute. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / sxx;
}

async function main(): Promise<void> {
  const dir = scratchDir('mnemo-soak');
  const [natsPort, redisPort, pgPort, httpPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const nats = new OwnNats(natsPort, dir);
  const redis = new OwnRedis(redisPort, dir);
  const postgres = new OwnPostgres(pgPort, dir);
  const platform = new ServiceProcess('platform', 'all', dir, () =>
    ownServersEnv({ nats, redis, postgres }, { httpPort, adminKey: ADMIN_KEY }),
  );
  let stopping = false;
  let keep = process.env.MNEMO_SOAK_KEEP === '1';
  const cleanup = async () => {
    stopping = true;
    await platform.stop().catch(() => undefined);
    await Promise.all(
      [nats.stop(), redis.stop(), postgres.stop({ kill: true })].map((p) =>
        p.catch(() => undefined),
      ),
    );
    if (!keep) removeDir(dir);
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    await Promise.all([nats.start(), redis.start(), postgres.init()]);
    const pg = new Client({ connectionString: postgres.url });
    await pg.connect();
    const autovacuum = async () =>
      itemAt((await pg.query<{ autovacuum: string }>('SHOW autovacuum')).rows, 0).autovacuum;
    if (process.env.MNEMO_SOAK_AUTOVACUUM === 'off') {
      await pg.query('ALTER SYSTEM SET autovacuum = off');
      await pg.query('SELECT pg_reload_conf()');
      // the reload reaches this session when the server has handled its signal, not at once
      await waitFor(async () => (await autovacuum()) === 'off', 10_000);
    }
    process.stdout.write(`autovacuum ${await autovacuum()}\n`);
    await platform.start();
    const url = `http://127.0.0.1:${httpPort}`;
    const created = await fetch(`${url}/v1/admin/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_KEY}` },
      body: JSON.stringify({ name: 'soak' }),
    });
    const { apiKey } = (await created.json()) as { apiKey: string };
    const auth = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const nc = await connect({ servers: nats.url });
    const jsm = await jetstreamManager(nc);
    const pid = platform.pid!;

    const counts = { sessions: 0, events: 0, contextReads: 0, recalls: 0, errors: 0 };
    const failures: Failure[] = [];
    const connectionOf = watchConnections();
    const started = Date.now();
    // Every request carries a correlation id of its own, so a failure can be found in the platform's log.
    const call = async (path: string, init: RequestInit = {}) => {
      const correlationId = randomUUID();
      const failure = {
        minute: (Date.now() - started) / 60_000,
        method: init.method ?? 'GET',
        route: path.split('?')[0] ?? path,
        correlationId,
        at: Date.now(),
      };
      const response = await fetch(`${url}${path}`, {
        ...init,
        headers: { ...auth, 'x-correlation-id': correlationId },
        signal: AbortSignal.timeout(30_000),
      }).catch((error: Error) => {
        failures.push({ ...failure, at: Date.now(), outcome: describeFetchError(error) });
        return null;
      });
      if (response && !response.ok)
        failures.push({
          ...failure,
          at: Date.now(),
          outcome: `${response.status} ${(await response.clone().text()).slice(0, 300)}`,
        });
      if (!response || !response.ok) counts.errors += 1;
      await response?.arrayBuffer().catch(() => undefined);
      return response;
    };

    // Steady ingest: a session of six turns every second, every fifth ending in a pause (compaction, extraction).
    const ingest = async () => {
      while (!stopping) {
        const n = (counts.sessions += 1);
        const sessionId = `soak-${n}`;
        const at = new Date().toISOString();
        const events: object[] = [
          {
            id: randomUUID(),
            type: 'SessionStarted',
            sessionId,
            occurredAt: at,
            payload: { source: 'ai-coaching:check-in' },
          },
        ];
        for (let seq = 1; seq <= 6; seq += 1) {
          const text =
            seq % 2
              ? `Session ${n}: I want to get better at ${['running', 'cooking', 'writing', 'saving money', 'sleeping early'][n % 5]} and keep a weekly rhythm for it.`
              : `Let us plan the next step for week ${n}, and check in on how the last one went.`;
          events.push({
            id: randomUUID(),
            type: 'TurnRecorded',
            sessionId,
            occurredAt: at,
            payload: { seq, role: seq % 2 ? 'user' : 'assistant', text },
          });
        }
        if (n % 5 === 0)
          events.push({
            id: randomUUID(),
            type: 'SegmentPaused',
            sessionId,
            occurredAt: at,
            payload: { segment: 1 },
          });
        await call('/v1/events', { method: 'POST', body: JSON.stringify({ events }) });
        counts.events += events.length;
        await sleep(1000);
      }
    };
    // Context reads (CLAUDE.md and the memory block) twice a second, recall once a second.
    const reads = async () => {
      for (let i = 0; !stopping; i += 1) {
        await call(
          i % 2
            ? `/v1/context/claude-md?sessionId=soak-${Math.max(1, counts.sessions - 1)}`
            : '/v1/context/memory-block',
        );
        counts.contextReads += 1;
        await sleep(500);
      }
    };
    const recalls = async () => {
      while (!stopping) {
        await call('/v1/recall', {
          method: 'POST',
          body: JSON.stringify({ query: 'weekly rhythm for running', limit: 5 }),
        });
        counts.recalls += 1;
        await sleep(1000);
      }
    };

    const samples: Sample[] = [];
    const sample = async () => {
      const metrics = await (await fetch(`${url}/metrics`)).text();
      const heap = Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(metrics)?.[1] ?? NaN);
      let lag = 0;
      for await (const stream of jsm.streams.list()) {
        for await (const consumer of jsm.consumers.list(stream.config.name)) {
          if (consumer.config.durable_name) lag += consumer.num_pending + consumer.num_ack_pending;
        }
      }
      const s: Sample = {
        minute: (Date.now() - started) / 60_000,
        rssMb: rssMb(pid),
        heapMb: heap / 2 ** 20,
        fds: readdirSync(`/proc/${pid}/fd`).length,
        lag,
      };
      samples.push(s);
      process.stdout.write(
        `${s.minute.toFixed(1).padStart(5)} min  rss ${s.rssMb.toFixed(0)} MB  heap ${s.heapMb.toFixed(0)} MB  fds ${s.fds}  lag ${s.lag}  ` +
          `(sessions ${counts.sessions}, events ${counts.events}, context reads ${counts.contextReads}, recalls ${counts.recalls}, failed ${counts.errors})\n`,
      );
    };

    const tableSamples: Array<{ minute: number; sizes: TableSize[] }> = [];
    const sampleTables = async () => {
      const minute = (Date.now() - started) / 60_000;
      const sizes = await tableSizes(pg);
      tableSamples.push({ minute, sizes });
      printTables(minute, sizes);
    };
    await sampleTables();
    const load = [ingest(), reads(), recalls()];
    while (Date.now() - started < MINUTES * 60_000) {
      await sleep(SAMPLE_S * 1000);
      await sample();
      if (Math.floor(samples.at(-1)!.minute) > Math.floor(tableSamples.at(-1)!.minute))
        await sampleTables();
    }
    await sampleTables();
    stopping = true;
    await Promise.all(load);
    await nc.close();

    const settled = samples.filter((s) => s.minute >= MINUTES * WARMUP_FRACTION);
    process.stdout.write(
      `\nafter ${MINUTES} min (slopes over minute ${(MINUTES * WARMUP_FRACTION).toFixed(1)} to the end, ${settled.length} samples):\n`,
    );
    const report = (
      name: keyof Omit<Sample, 'minute'>,
      unit: string,
      tolerance: (mean: number) => number,
    ) => {
      const points = settled.map((s) => [s.minute, s[name]] as [number, number]);
      const mean = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
      const perMinute = slope(points);
      const [firstMinute, first] = itemAt(points, 0);
      const [lastMinute, last] = itemAt(points, -1);
      const drift = perMinute * (lastMinute - firstMinute);
      const verdict =
        Math.abs(drift) <= tolerance(mean) ? 'flat' : drift > 0 ? 'GROWING' : 'falling';
      process.stdout.write(
        `  ${name.padEnd(6)} mean ${mean.toFixed(1)} ${unit}, first ${first.toFixed(1)}, last ${last.toFixed(1)}, ` +
          `slope ${perMinute >= 0 ? '+' : ''}${perMinute.toFixed(2)} ${unit}/min, drift over the window ${drift.toFixed(1)} ${unit} → ${verdict}\n`,
      );
    };
    report('rssMb', 'MB', (mean) => mean * 0.1);
    report('heapMb', 'MB', (mean) => mean * 0.1);
    report('fds', 'fds', (mean) => Math.max(5, mean * 0.1));
    report('lag', 'msgs', (mean) => Math.max(50, mean * 0.5));
    reportBloat(
      (tableSamples.find((t) => t.minute >= MINUTES * WARMUP_FRACTION) ?? itemAt(tableSamples, 0))
        .sizes,
      itemAt(tableSamples, -1).sizes,
    );
    await pg.end();
    process.stdout.write(
      `  load: ${counts.sessions} sessions, ${counts.events} events, ${counts.contextReads} context reads, ${counts.recalls} recalls, ${counts.errors} failed (no answer or not 2xx)\n`,
    );
    if (failures.length > 0) {
      keep = true;
      process.stdout.write(
        explainFailures(failures, readFileSync(platform.logFile, 'utf8'), connectionOf),
      );
      process.stdout.write(`  the platform's log is kept: ${platform.logFile}\n`);
    }
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  process.stderr.write(`soak failed: ${(error as Error)?.stack ?? error}\n`);
  process.exit(1);
});
