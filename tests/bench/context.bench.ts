/**
 * Context latency: p50/p99 of `GET /v1/context/claude-md` and `GET /v1/context/memory-block` under
 * 100 concurrent clients (autocannon), one account with 10,000 memories, 50 artifacts, 30 insights;
 * cold (every request builds) and warm (served from the version-keyed cache). Then the characters
 * of context served for a session against the characters of its full transcript.
 * Real NATS, Postgres and Redis, the whole platform in this process, a private namespace.
 * Run: node bin/run-ts.js tests/bench/context.bench.ts
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { EventEnvelope } from '@mnemo/contracts';
import { waitForCheckpoint } from '@mnemo/persistence';
import { startHarness } from '../support/platform-harness';

const MEMORIES = Number(process.env.BENCH_CONTEXT_MEMORIES ?? 10_000);
const ARTIFACTS = 50;
const INSIGHTS = 30;
const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_CONTEXT_SECONDS ?? 8);
const TYPES = ['value', 'goal', 'preference', 'decision', 'event', 'insight', 'relationship'];

let seed = 11;
const rand = (n: number): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return (seed >>> 8) % n;
};
const WORDS = ['work', 'family', 'running', 'project', 'weekend', 'music', 'career', 'health', 'friends', 'writing', 'travel', 'sleep'];
const sentence = (n: number) => `${Array.from({ length: n }, () => WORDS[rand(WORDS.length)]).join(' ')}.`;

async function main() {
  const harness = await startHarness({ env: { MNEMO_DB_POOL_SIZE: '20' } });
  const { platform } = harness;
  try {
    const { accountId, apiKey } = await harness.createAccount('bench');
    const db = platform.infra.dataSource;
    // Stand-in until the compaction service projects segment_summaries (a no-op once its migration ran).
    await db.query(`CREATE TABLE IF NOT EXISTS segment_summaries (account_id text NOT NULL, session_id text NOT NULL, segment int NOT NULL,
      summary text NOT NULL, model text, last_seq bigint NOT NULL, PRIMARY KEY (account_id, session_id, segment))`);

    // Memories straight into the read model (the bench measures serving, not projecting).
    for (let start = 0; start < MEMORIES; start += 5000) {
      const ids = Array.from({ length: Math.min(5000, MEMORIES - start) }, (_, i) => `m-${start + i}`);
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
    await db.query('ANALYZE memory_facts');

    // Artifacts, insights, a profile, a session and its transcript, through the log.
    const sessionId = 'bench-session';
    const event = (type: string, payload: unknown, withSession = false): EventEnvelope => ({
      id: randomUUID(), type, version: 1, accountId, ...(withSession ? { sessionId } : {}), occurredAt: new Date().toISOString(), producer: 'bench', payload,
    });
    const events: EventEnvelope[] = [event('SessionStarted', { source: 'ai-coaching:interview' }, true)];
    for (let i = 0; i < ARTIFACTS; i += 1) {
      events.push(event('ArtifactSaved', { artifactId: `a-${i}`, title: `Artifact ${i}`, content: Array.from({ length: 40 }, () => sentence(15)).join(' '), pinned: i < 2 }));
    }
    for (let i = 0; i < INSIGHTS; i += 1) {
      events.push(event('InsightDetected', { insightId: `i-${i}`, kind: 'theme', text: sentence(20), artifactA: `a-${i}`, artifactB: `a-${i + 1}` }));
    }
    events.push(event('CoreProfileSynthesized', { profile: Array.from({ length: 12 }, () => sentence(14)).join(' '), artifactFingerprint: 'f', model: 'offline' }));
    let transcriptChars = 0;
    for (let seq = 0; seq < 400; seq += 1) {
      const text = Array.from({ length: 6 }, () => sentence(15)).join(' ');
      transcriptChars += text.length;
      events.push(event('TurnRecorded', { seq, role: seq % 2 ? 'assistant' : 'user', text }, true));
    }
    const results = await platform.infra.log.appendMany('events', events);
    const last = results.at(-1)!.seq;
    for (const name of ['context', 'sessions', 'memory']) await waitForCheckpoint(db, name, last, 60_000);
    console.log(`account: ${MEMORIES} memories, ${ARTIFACTS} artifacts, ${INSIGHTS} insights; ${CONNECTIONS} connections, ${SECONDS} s per run`);

    const url = `http://127.0.0.1:${platform.httpPort}`;
    const headers = { authorization: `Bearer ${apiKey}` };
    const run = async (label: string, path: string | (() => string), during?: () => Promise<void>) => {
      let hits = 0;
      let total = 0;
      let stop = false;
      const background = during ? (async () => { while (!stop) await during(); })() : Promise.resolve();
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [{
          method: 'GET',
          path: typeof path === 'string' ? path : '/',
          headers,
          ...(typeof path === 'function' ? { setupRequest: (request: any) => ({ ...request, path: path() }) } : {}),
          onResponse: (_status: number, _body: string, _context: unknown, responseHeaders: Record<string, string>) => {
            total += 1;
            if (responseHeaders?.['x-mnemo-cache'] === 'hit') hits += 1;
          },
        }],
      } as autocannon.Options);
      stop = true;
      await background;
      const l = result.latency;
      console.log(
        `${label.padEnd(26)} p50 ${String(l.p50).padStart(4)} ms  p99 ${String(l.p99).padStart(4)} ms  ${Math.round(result.requests.average)} req/s  ` +
          `non-2xx ${result.non2xx}  errors ${result.errors}  cache hits ${total ? ((100 * hits) / total).toFixed(0) : 0}%`,
      );
    };

    let n = 0;
    // Cold: every request names a session never asked for, so each one builds.
    if (!process.env.BENCH_SKIP_COLD) await run("claude-md cold", () => `/v1/context/claude-md?sessionId=cold-${n++}&source=ai-coaching:interview`);
    await run('claude-md warm', `/v1/context/claude-md?sessionId=${sessionId}`);
    // Cold memory block: the cache is emptied continuously while the clients ask.
    const cache = platform.infra.cache as unknown as { clear(): Promise<void> };
    if (!process.env.BENCH_SKIP_COLD) await run('memory-block cold', '/v1/context/memory-block', () => cache.clear());
    await run('memory-block warm', '/v1/context/memory-block');

    const served = await harness.http().get(`/v1/context/claude-md?sessionId=${sessionId}&format=json`).set(headers);
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
