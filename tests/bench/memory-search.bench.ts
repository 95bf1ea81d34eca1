/**
 * Memory search latency: p50/p99 of `GET /v1/memories/search` with 100,000 memories in one account
 * (real NATS, Postgres and Redis, the whole platform in this process, a private schema).
 * The facts are inserted straight into the read model; the bench measures the query, not the projector.
 * Run: node bin/run-ts.js tests/bench/memory-search.bench.ts
 */
import { startHarness } from '../support/platform-harness';
import { itemAt } from '@mnemo/testing';

const FACTS = Number(process.env.BENCH_MEMORY_FACTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 300);

let seed = 7;
const rand = (n: number): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return (seed >>> 8) % n;
};

// A vocabulary with a long tail: a few words recur everywhere, most are rare, as in real memories.
const COMMON = [
  'work',
  'family',
  'morning',
  'running',
  'project',
  'weekend',
  'coffee',
  'team',
  'sleep',
  'music',
];
const MEDIUM = Array.from({ length: 400 }, (_, i) => `topic${i}`);
const RARE = Array.from({ length: 20_000 }, (_, i) => `term${i}`);
const TYPES = ['value', 'goal', 'preference', 'decision', 'event', 'insight', 'relationship'];

function sentence(): string {
  const words: string[] = [];
  const length = 10 + rand(14);
  for (let i = 0; i < length; i += 1) {
    const r = rand(100);
    words.push(
      r < 25
        ? oneOf(COMMON)
        : r < 60
          ? oneOf(MEDIUM)
          : r < 75
            ? oneOf(RARE)
            : oneOf(['the', 'and', 'with', 'for', 'about']),
    );
  }
  return `${words.join(' ')}.`;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function main() {
  const harness = await startHarness({ target: 'gateway,memory' });
  try {
    const { accountId, apiKey } = await harness.createAccount('bench');
    const db = harness.platform.infra.dataSource;
    const insertStarted = performance.now();
    for (let start = 0; start < FACTS; start += 5000) {
      const n = Math.min(5000, FACTS - start);
      const ids = Array.from({ length: n }, (_, i) => `bench-${start + i}`);
      const types = ids.map(() => TYPES[rand(TYPES.length)]);
      const contents = ids.map(() => sentence());
      const created = ids.map((_, i) =>
        new Date(Date.UTC(2026, 0, 1) + (start + i) * 60_000).toISOString(),
      );
      await db.query(
        `INSERT INTO memory_facts (account_id, id, fact_type, content, confidence, source, source_session, status, sensitive, confirmed,
           version, last_change, created_at, updated_at, last_seq)
         SELECT $1, id, fact_type, content, 'medium', 'extraction', 'bench', 'active', false, false, 1, 'extracted', created, created, 0
         FROM unnest($2::text[], $3::text[], $4::text[], $5::timestamptz[]) AS t(id, fact_type, content, created)`,
        [accountId, ids, types, contents, created],
      );
    }
    await db.query('ANALYZE memory_facts');
    console.log(
      `inserted ${FACTS} memories in ${((performance.now() - insertStarted) / 1000).toFixed(1)} s`,
    );

    const queries: Array<{ label: string; q: () => string; category?: string }> = [
      { label: 'rare word', q: () => oneOf(RARE) },
      { label: 'medium word', q: () => oneOf(MEDIUM) },
      { label: 'common word (~20% of rows)', q: () => oneOf(COMMON) },
      {
        label: 'two words',
        q: () => `${oneOf(MEDIUM)} ${oneOf(COMMON)}`,
      },
      { label: 'common word, Goals tab', q: () => oneOf(COMMON), category: 'Goals' },
    ];
    for (const { label, q, category } of queries) {
      const http = harness.http();
      for (let i = 0; i < 10; i += 1)
        await http.get(`/v1/memories/search?q=${q()}`).set('Authorization', `Bearer ${apiKey}`); // warm-up
      const latencies: number[] = [];
      let hits = 0;
      for (let i = 0; i < REQUESTS; i += 1) {
        const path = `/v1/memories/search?q=${encodeURIComponent(q())}${category ? `&category=${category}` : ''}`;
        const started = performance.now();
        const response = await http.get(path).set('Authorization', `Bearer ${apiKey}`);
        latencies.push(performance.now() - started);
        if (response.status !== 200)
          throw new Error(`search answered ${response.status}: ${JSON.stringify(response.body)}`);
        hits += response.body.hits.length;
      }
      latencies.sort((x, y) => x - y);
      console.log(
        `${label.padEnd(28)} p50 ${quantile(latencies, 0.5).toFixed(1)} ms  p99 ${quantile(latencies, 0.99).toFixed(1)} ms  (${REQUESTS} requests, ${(hits / REQUESTS).toFixed(1)} hits each)`,
      );
    }
  } finally {
    await harness.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

function oneOf(words: readonly string[]): string {
  return itemAt(words, rand(words.length));
}
