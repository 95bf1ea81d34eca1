/**
 * Context latency: p50/p99 of `GET /v1/context/claude-md` and `GET /v1/context/memory-block` under
 * 100 concurrent clients (autocannon), one account with 10,000 memories, 50 artifacts, 30 insights;
 * cold (every request a session never asked for; new sessions at one version share the account's document,
 * cache/shared-documents.ts, and a full build is timed alone) and warm (the session's own cached answer), the warm runs
 * taken in turns with their floors (a bare node:http server, /healthz) so each ratio compares like with like. Then the
 * characters of context served for a session against the characters of its full transcript.
 * Real NATS, Postgres and Redis, the whole platform in this process, a private namespace; the load
 * generator (autocannon) runs in a child process so it does not compete for the platform's event loop.
 * First, single requests one at a time and the round trips they are made of.
 * Run: node bin/run-ts.js tests/bench/context.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { CONTEXT_RPC, subjects, type EventEnvelope } from '@mnemo/contracts';
import { ContextCacheFront, ContextHandler } from '@mnemo/context-service';
import { waitForCheckpoint } from '@mnemo/persistence';
import { createLogger } from '@mnemo/platform-service';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { startHarness } from '../support/platform-harness';
import { TEST_NATS_URL } from '../support/servers';
import { settleConsumers } from '../support/settle';
import { machineBusyOver } from './support/process-cpu';
import { askSequentially } from './support/sequential-client';
import { firstItems } from '@mnemo/testing';

const MEMORIES = Number(process.env.BENCH_CONTEXT_MEMORIES ?? 10_000);
const ARTIFACTS = 50;
const INSIGHTS = 30;
const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_CONTEXT_SECONDS ?? 8);
/** The warm runs and their floors take their SECONDS in this many turns each (see interleaved()). */
const ROUNDS = Number(process.env.BENCH_CONTEXT_ROUNDS ?? 4);
/** When set, a directory: the single cold requests and each turn under load write `<name>[-<turn>].cpuprofile` of this process (the platform's side) there. */
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF;
/** When set, a comma-separated subset of the runs under load (bare-node-http,healthz,claude-md-cold,claude-md-warm,claude-md-warm-identity,memory-block-warm). */
const ONLY_RUNS = process.env.BENCH_CONTEXT_RUNS?.split(',');
const TYPES = ['value', 'goal', 'preference', 'decision', 'event', 'insight', 'relationship'];

let seed = 11;
const rand = (n: number): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return (seed >>> 8) % n;
};
const WORDS = [
  'work',
  'family',
  'running',
  'project',
  'weekend',
  'music',
  'career',
  'health',
  'friends',
  'writing',
  'travel',
  'sleep',
];
const sentence = (n: number) =>
  `${Array.from({ length: n }, () => WORDS[rand(WORDS.length)]).join(' ')}.`;

interface LoadOptions {
  path: string;
  /** When set, each request's path is `path` + a counter + this suffix (every request unique). */
  uniqueSuffix?: string;
  /** The request headers, when not the load runs' own (see loadHeaders). */
  headers?: Record<string, string>;
}
interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  errors: number;
  hits: number;
  total: number;
  /** The load generator's own CPU over the run (it reads every body, so a big answer costs it more). */
  generatorCpuMs: number;
  /** Response bytes per answer as they crossed the socket (headers included). */
  bytesPerAnswer: number;
}

/** The load generator, run by `node -e` in a child process; prints its summary as one JSON line. */
const LOAD_GENERATOR = `
const autocannon = require('autocannon');
const o = JSON.parse(process.argv[1]);
let hits = 0, total = 0, n = 0;
autocannon({
  url: o.url, connections: o.connections, duration: o.seconds,
  requests: [{
    method: 'GET', path: o.path, headers: o.headers,
    ...(o.uniqueSuffix !== undefined ? { setupRequest: (r) => ({ ...r, path: o.path + (n++) + o.uniqueSuffix }) } : {}),
    onResponse: (status, body, context, headers) => { total += 1; if (headers && headers['x-mnemo-cache'] === 'hit') hits += 1; },
  }],
}, (error, result) => {
  if (error) { console.error(error); process.exit(1); }
  const l = result.latency;
  const cpu = process.cpuUsage();
  console.log(JSON.stringify({ p50: l.p50, p99: l.p99, rps: result.requests.average, non2xx: result.non2xx, errors: result.errors, hits, total, generatorCpuMs: (cpu.user + cpu.system) / 1000, bytesPerAnswer: result.throughput.total / Math.max(1, result.requests.total) }));
});
`;

function loadFromChild(
  options: LoadOptions & {
    url: string;
    connections: number;
    seconds: number;
    headers: Record<string, string>;
  },
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', LOAD_GENERATOR, JSON.stringify(options)], {
      cwd: path.join(__dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)!))
        : reject(new Error(`load generator exited ${code}`)),
    );
  });
}

async function main() {
  // Without the profile and insight reactors, which would synthesize from the seeded artifacts while the bench measures reads,
  // and without memory, whose artifact extraction (debounced, so past the settle below) ran its NLP through the measured runs.
  const harness = await startHarness({
    target: 'gateway,redaction,cost-ledger,ingest,compaction,context',
    env: { MNEMO_DB_POOL_SIZE: '20' },
  });
  const { platform } = harness;
  try {
    const { accountId, apiKey } = await harness.createAccount('bench');
    const db = platform.infra.dataSource;
    // Memories straight into the read model (the bench measures serving, not projecting).
    for (let start = 0; start < MEMORIES; start += 5000) {
      const ids = Array.from(
        { length: Math.min(5000, MEMORIES - start) },
        (_, i) => `m-${start + i}`,
      );
      await db.query(
        `INSERT INTO memory_facts (account_id, id, fact_type, content, confidence, source, source_session, status, sensitive, confirmed,
           version, last_change, created_at, updated_at, last_seq)
         SELECT $1, id, fact_type, content, 'medium', 'extraction', 'bench', 'active', false, confirmed, 1, 'extracted', created, created, 0
         FROM unnest($2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::boolean[]) AS t(id, fact_type, content, created, confirmed)`,
        [
          accountId,
          ids,
          ids.map(() => TYPES[rand(TYPES.length)]),
          ids.map(() => sentence(8 + rand(12))),
          ids.map((_, i) => new Date(Date.UTC(2026, 0, 1) + (start + i) * 60_000).toISOString()),
          ids.map(() => rand(20) === 0),
        ],
      );
    }
    // and into the context's copy of them, which is what the context reads
    await db.query(
      `INSERT INTO context_memory_facts (account_id, id, fact_type, content, confidence, status, sensitive, confirmed, created_at, updated_at, last_seq)
       SELECT account_id, id, fact_type, content, confidence, status, sensitive, confirmed, created_at, updated_at, last_seq FROM memory_facts WHERE account_id = $1`,
      [accountId],
    );
    await db.query('ANALYZE memory_facts');
    await db.query('ANALYZE context_memory_facts');

    // Artifacts, insights, a profile, a session and its transcript, through the log.
    const sessionId = 'bench-session';
    const event = (type: string, payload: unknown, withSession = false): EventEnvelope => ({
      id: randomUUID(),
      type,
      version: 1,
      accountId,
      ...(withSession ? { sessionId } : {}),
      occurredAt: new Date().toISOString(),
      producer: 'bench',
      payload,
    });
    const events: EventEnvelope[] = [
      event('SessionStarted', { source: 'ai-coaching:interview' }, true),
    ];
    for (let i = 0; i < ARTIFACTS; i += 1) {
      events.push(
        event('ArtifactSaved', {
          artifactId: `a-${i}`,
          title: `Artifact ${i}`,
          content: Array.from({ length: 40 }, () => sentence(15)).join(' '),
          pinned: i < 2,
        }),
      );
    }
    for (let i = 0; i < INSIGHTS; i += 1) {
      events.push(
        event('InsightDetected', {
          insightId: `i-${i}`,
          kind: 'theme',
          text: sentence(20),
          artifactA: `a-${i}`,
          artifactB: `a-${i + 1}`,
        }),
      );
    }
    events.push(
      event('CoreProfileSynthesized', {
        profile: Array.from({ length: 12 }, () => sentence(14)).join(' '),
        artifactFingerprint: 'f',
        model: 'offline',
      }),
    );
    let transcriptChars = 0;
    for (let seq = 0; seq < 400; seq += 1) {
      const text = Array.from({ length: 6 }, () => sentence(15)).join(' ');
      transcriptChars += text.length;
      events.push(event('TurnRecorded', { seq, role: seq % 2 ? 'assistant' : 'user', text }, true));
    }
    const results = await platform.infra.log.appendMany('events', events);
    const last = results.at(-1)!.seq;
    for (const name of ['context', 'context-sources', 'sessions'])
      await waitForCheckpoint(db, name, last, 60_000);
    // Statistics, as a database in use has them: autovacuum analyzes a table only past 50 changed rows, so
    // this namespace's 50 artifacts and 30 insights were planned blind (a nested loop rescanning the
    // account's artifacts for each insight: 0.5 of the sources statement's 1.2 ms).
    await db.query('ANALYZE artifacts, insights');
    // Measure reads alone: the seeded transcript's compaction runs to the end first.
    const nc = await connect({ servers: TEST_NATS_URL, noAsyncTraces: true });
    await settleConsumers(await jetstreamManager(nc), harness.config.MNEMO_STREAM_PREFIX, 300_000);
    await nc.close();
    console.log(
      `account: ${MEMORIES} memories, ${ARTIFACTS} artifacts, ${INSIGHTS} insights; ${CONNECTIONS} connections, ${SECONDS} s per run`,
    );

    const url = `http://127.0.0.1:${platform.httpPort}`;
    const headers = { authorization: `Bearer ${apiKey}` };
    // The load runs ask as Node's fetch does (the hooks, the MCP server, most agents' HTTP clients): it sends
    // `accept-encoding: gzip, deflate` and unzips what comes back. One warm run asks without it, for comparison.
    const loadHeaders = { ...headers, 'accept-encoding': 'gzip, deflate' };
    const warmPath = `/v1/context/claude-md?sessionId=${sessionId}`;

    // Single requests, one at a time (nothing else running): where a request's time goes.
    // With the platform's CPU per request (this process's, process.cpuUsage around the batch): less moved than
    // latency by the other work on a shared machine.
    const printed = (label: string, times: number[], cpuMs: number) => {
      const took = [...times].sort((a, b) => a - b);
      const at = (q: number) => took[Math.floor(took.length * q)] ?? NaN;
      console.log(
        `  ${label.padEnd(44)} p50 ${at(0.5).toFixed(2).padStart(6)} ms  p99 ${at(0.99).toFixed(2).padStart(6)} ms  ` +
          `CPU ${(cpuMs / times.length).toFixed(2).padStart(5)} ms per request`,
      );
      return at(0.5);
    };
    const cpuMsSince = (cpu0: NodeJS.CpuUsage) => {
      const cpu = process.cpuUsage(cpu0);
      return (cpu.user + cpu.system) / 1000;
    };
    // In this process, the round trips an answer is made of, without HTTP.
    const median = async (label: string, step: () => Promise<unknown>, times = 200) => {
      for (let i = 0; i < 20; i += 1) await step();
      const took: number[] = [];
      const cpu0 = process.cpuUsage();
      for (let i = 0; i < times; i += 1) {
        const t0 = process.hrtime.bigint();
        await step();
        took.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      return printed(label, took, cpuMsSince(cpu0));
    };
    // Over HTTP, from a client in a child process (its work off the platform's event loop): 20 requests first, untimed.
    // The 20 untimed requests go first in a client of their own, so the CPU printed is the timed requests'.
    const httpMedian = async (label: string, paths: (i: number) => string, times = 200) => {
      const requests = Array.from({ length: 20 + times }, (_, i) => ({
        method: 'GET' as const,
        path: paths(i),
      }));
      await askSequentially(url, headers, { warm: requests.slice(0, 20) });
      const cpu0 = process.cpuUsage();
      const { run = [] } = await askSequentially(url, headers, { run: requests.slice(20) });
      return printed(label, run, cpuMsSince(cpu0));
    };
    const profiler = CPU_PROFILE_DIR ? new Session() : null;
    profiler?.connect();
    await profiler?.post('Profiler.enable');
    const profiled = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
      await profiler?.post('Profiler.start');
      const result = await step();
      if (profiler)
        writeFileSync(
          path.join(CPU_PROFILE_DIR!, `${name}.cpuprofile`),
          JSON.stringify((await profiler.post('Profiler.stop')).profile),
        );
      return result;
    };
    let n = 0;
    console.log('single requests, sequential (200 each):');
    await httpMedian('HTTP GET /healthz (the HTTP stack alone)', () => '/healthz');
    await httpMedian('HTTP claude-md warm (cache hit)', () => warmPath);
    await httpMedian('HTTP memory-block warm (cache hit)', () => '/v1/context/memory-block');
    const coldSingle = await profiled('single-claude-md-cold', () =>
      httpMedian(
        'HTTP claude-md cold (a new session each)',
        (i) => `/v1/context/claude-md?sessionId=single-${i}&source=ai-coaching:interview`,
        50,
      ),
    );
    // In this process the context service answers the request itself (the event log's local responders), as under `--target all`.
    await median('RPC claude-md warm (no HTTP, in process)', () =>
      platform.infra.log.request(
        subjects.rpc('context', CONTEXT_RPC.claudeMd),
        { accountId, sessionId, pinned: [] },
        { timeoutMs: 5000 },
      ),
    );
    const front = new ContextCacheFront({
      db,
      cache: platform.infra.cache,
      log: platform.infra.log,
      logger: createLogger('silent', 'bench'),
    });
    await median('cache front claude-md hit (no HTTP)', () =>
      front.claudeMd({ accountId, sessionId, pinned: [] }),
    );
    await median('cache front memory-block hit (no HTTP)', () => front.memoryBlock({ accountId }));
    const handler = new ContextHandler({
      db,
      cache: platform.infra.cache,
      log: platform.infra.log,
      logger: createLogger('silent', 'bench'),
    });
    await median(
      'handler claude-md cold (no HTTP, no NATS)',
      () =>
        handler.claudeMd({
          accountId,
          sessionId: `handler-${n++}`,
          pinned: [],
          source: 'ai-coaching:interview',
        }),
      50,
    );
    // A handler of its own per request shares no build with an earlier session: what the first new session after a change costs.
    const fullBuild = await median(
      'handler claude-md full build (nothing shared)',
      async () => {
        const alone = new ContextHandler({
          db,
          cache: platform.infra.cache,
          log: platform.infra.log,
          logger: createLogger('silent', 'bench'),
        });
        await alone.claudeMd({
          accountId,
          sessionId: `alone-${n++}`,
          pinned: [],
          source: 'ai-coaching:interview',
        });
        await alone.close();
      },
      50,
    );
    await median('Postgres SELECT 1', () => db.query('SELECT 1'));
    await median('Redis GET', () => platform.infra.cache.get('bench:absent'));

    // Under load: the load generator runs in its own process, so it does not share the platform's event loop.
    // A run starts once the whole machine has finished the last one's work (a cold run leaves queued builds behind
    // in this process, and its writes to the servers), not only this process.
    const quiet = async (deadline = Date.now() + 10_000) => {
      while (Date.now() < deadline) if ((await machineBusyOver(250)) <= 0.1) return;
    };
    type Run = { label: string; options: LoadOptions & { url?: string } };
    const nameOf = (label: string) => label.replace(/ \(.*\)$/, '').replace(/[^a-z]+/g, '-');
    /** One stretch of load on one route, and this process's CPU over it. */
    const slice = async ({ options }: Run, seconds: number, profileName: string) => {
      await quiet();
      const cpu0 = process.cpuUsage();
      const result = await profiled(profileName, () =>
        loadFromChild({ url, connections: CONNECTIONS, seconds, headers: loadHeaders, ...options }),
      );
      return { result, cpuMs: cpuMsSince(cpu0) };
    };
    /**
     * Runs each of `runs` for SECONDS in all, in `rounds` turns taken one after another (a, b, c, a, b, c, …), so a
     * ratio's two terms are measured under the same conditions: on this VM one route's req/s moved by ±15% between
     * runs a minute apart, more than the margins the targets leave. Each line sums its turns: req/s and CPU per answer
     * over all of them, p50 the median turn's, p99 the worst turn's.
     */
    const interleaved = async (runs: Run[], rounds: number): Promise<LoadResult[]> => {
      const chosen = runs.filter((r) => !ONLY_RUNS || ONLY_RUNS.includes(nameOf(r.label)));
      const slices = new Map(
        chosen.map((r) => [r.label, [] as Array<{ result: LoadResult; cpuMs: number }>]),
      );
      for (let round = 0; round < rounds; round += 1) {
        for (const r of chosen)
          slices
            .get(r.label)!
            .push(
              await slice(
                r,
                SECONDS / rounds,
                rounds > 1 ? `${nameOf(r.label)}-${round + 1}` : nameOf(r.label),
              ),
            );
      }
      return runs.map(({ label }) => {
        const parts = slices.get(label);
        if (!parts)
          return {
            p50: NaN,
            p99: NaN,
            rps: NaN,
            non2xx: 0,
            errors: 0,
            hits: 0,
            total: 0,
            generatorCpuMs: NaN,
            bytesPerAnswer: NaN,
          };
        const sum = (f: (r: LoadResult) => number) =>
          parts.reduce((acc, p) => acc + f(p.result), 0);
        const total = sum((r) => r.total);
        const p50s = parts.map((p) => p.result.p50).sort((a, b) => a - b);
        const result: LoadResult = {
          p50: p50s[Math.floor(p50s.length / 2)] ?? NaN,
          p99: Math.max(...parts.map((p) => p.result.p99)),
          rps: sum((r) => r.rps) / parts.length,
          non2xx: sum((r) => r.non2xx),
          errors: sum((r) => r.errors),
          hits: sum((r) => r.hits),
          total,
          generatorCpuMs: sum((r) => r.generatorCpuMs),
          bytesPerAnswer: sum((r) => r.bytesPerAnswer * r.total) / Math.max(1, total),
        };
        // This process's CPU per answer: the platform's own cost, less moved by the machine's other load than req/s.
        const cpuPerAnswer = total ? parts.reduce((acc, p) => acc + p.cpuMs, 0) / total : NaN;
        if (result.non2xx || result.errors)
          console.log(`  (${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors)`);
        console.log(
          `${label.padEnd(26)} p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms  ${Math.round(result.rps)} req/s  ` +
            `non-2xx ${result.non2xx}  errors ${result.errors}  cache hits ${total ? ((100 * result.hits) / total).toFixed(0) : 0}%  ` +
            `CPU per answer: platform ${cpuPerAnswer.toFixed(3)} ms, load generator ${(result.generatorCpuMs / total).toFixed(3)} ms  ${Math.round(result.bytesPerAnswer)} B per answer`,
        );
        return result;
      });
    };
    const ratio = (label: string, value: number, target: number) =>
      console.log(
        `  ${label.padEnd(44)} ${value.toFixed(2)} (target >= ${target.toFixed(2)}: ${value >= target ? 'met' : 'NOT met'})`,
      );

    console.log(
      `under load: ${CONNECTIONS} connections, ${SECONDS} s each, autocannon in a separate process:`,
    );
    // Cold: every request names a session never asked for, so none has a cached answer of its own; new sessions at one
    // version share the account's document (cache/shared-documents.ts), and the full build is timed alone above. It goes
    // first and alone: it fills the caches (and grows the heap) the warm runs then share with their floors.
    const [cold] = process.env.BENCH_SKIP_COLD
      ? [null]
      : await interleaved(
          [
            {
              label: 'claude-md cold',
              options: {
                path: '/v1/context/claude-md?sessionId=cold-',
                uniqueSuffix: '&source=ai-coaching:interview',
              },
            },
          ],
          1,
        );
    // The machine's floor: a bare node:http server answering a constant, in this process like the gateway.
    const bare = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}`;
    // The warm answers and their floors, taken in turns: the bare server; the gateway answering a route that does nothing;
    // the session's own cached answers. No cold memory-block run: emptying Redis while the clients asked left the gateway's
    // in-process memo (30 s, keyed by the account's version) answering every request, so it measured a warm block labelled cold.
    const [bareRun, health, warmMd, warmMdIdentity, warmBlock] = firstItems(
      await interleaved(
        [
          { label: 'bare node:http (floor)', options: { path: '/', url: bareUrl } },
          { label: 'healthz', options: { path: '/healthz' } },
          { label: 'claude-md warm', options: { path: warmPath } },
          { label: 'claude-md warm, identity', options: { path: warmPath, headers } },
          { label: 'memory-block warm', options: { path: '/v1/context/memory-block' } },
        ],
        ROUNDS,
      ),
      5,
    );
    await new Promise((resolve) => bare.close(resolve));
    console.log('ratios:');
    ratio('healthz / bare node:http', health.rps / bareRun.rps, 0.5);
    ratio('memory-block warm / healthz', warmBlock.rps / health.rps, 0.8);
    ratio('claude-md warm / healthz', warmMd.rps / health.rps, 0.6);
    console.log(
      `  ${'claude-md warm, identity / healthz'.padEnd(44)} ${(warmMdIdentity.rps / health.rps).toFixed(2)} (a client that does not take gzip: 26 KB each way)`,
    );
    if (cold) ratio('claude-md cold req/s / 1,000', cold.rps / 1000, 1);
    ratio('4 ms / claude-md cold single-request p50', 4 / coldSingle, 1);
    console.log(
      `  ${'handler full build p50 / cold single p50'.padEnd(44)} ${(fullBuild / coldSingle).toFixed(2)} (the first new session after a change builds everything)`,
    );

    const served = await harness
      .http()
      .get(`/v1/context/claude-md?sessionId=${sessionId}&format=json`)
      .set(headers);
    const block = await harness.http().get('/v1/context/memory-block').set(headers);
    const markdown = served.body.markdown as string;
    console.log(
      `context per session: CLAUDE.md ${markdown.length} chars + memory block ${block.body.text.length} chars per turn, ` +
        `against a transcript of ${transcriptChars} chars (CLAUDE.md is ${((100 * markdown.length) / transcriptChars).toFixed(1)}% of it; ` +
        `telemetry: spilled ${served.body.telemetry.spilledCount}, index ${served.body.telemetry.indexCount}, memories ${served.body.telemetry.memoryCount})`,
    );
  } finally {
    await harness.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
