/**
 * Recall latency on one account holding 100,000 conversation chunks (the aim: p99 ≤ 20 ms, docs/recall.md).
 * The chunks are built by recall's own projection from synthetic turns (Zipf-distributed words from a
 * generated vocabulary), applied straight to the read model (the log's ingest rate is measured by
 * ingest.bench and retrieval.bench); then `POST /v1/recall` is timed over keep-alive HTTP beside two
 * floors measured in the same run: `GET /healthz` on the same connection and a bare `SELECT 1` on the
 * pool, after 200 warm-up questions of the same kind (never the timed ones). The client asking them
 * runs in a child process, so its own work (Node's fetch cost about as much CPU per question as the
 * recall route itself) does not share the platform's event loop. BENCH_CHUNKS sets the size.
 * BENCH_KEEP=1 keeps the built account in a fixed namespace
 * (schema, streams and cache named after the size: bench_recall_<size>) and reuses it on the next run
 * instead of building it again (minutes at 100,000 chunks), so a change to the query can be measured
 * in seconds; drop the schema by hand when done. Numbers only.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEvent } from '@mnemo/contracts';
import { applyEvents } from '@mnemo/persistence';
import { recallProjection } from '@mnemo/recall-service';
import { startHarness } from '../support/platform-harness';
import { askSequentially } from './support/sequential-client';
import { itemAt } from '@mnemo/testing';

const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 100_000);
const TURNS_PER_SESSION = 30;
const TURN_WORDS = 60;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 600);
const KEPT = process.env.BENCH_KEEP === '1' ? `bench_recall_${CHUNKS}` : undefined;

/** A small deterministic PRNG, so every run builds the same corpus. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(13);
/** The questions draw from their own generator, so a reused corpus is asked the same questions as a built one. */
const questionRandom = mulberry32(31);
/** Warm-up questions come from a third generator: the same kind of question, never one that is then timed. */
const warmUpRandom = mulberry32(47);
const WARM_UP_QUERIES = 200;
/** Questions asked at an agent's pace after the timed ones, each after this much quiet (past pg's default 10 s idle timeout). */
const PACED_QUERIES = Number(process.env.BENCH_PACED_QUERIES ?? 5);
const PACE_MS = 12_000;
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'tas',
  'vo',
  'dri',
  'pel',
  'sun',
  'qua',
  'zor',
  'bex',
  'nim',
  'hal',
  'tro',
  'gis',
  'fen',
  'wur',
  'ost',
  'ly',
];
const VOCABULARY = Array.from({ length: 20_000 }, (_, i) => {
  let word = '';
  for (let n = i + 1; n > 0; n = Math.floor(n / SYLLABLES.length))
    word += SYLLABLES[n % SYLLABLES.length];
  return word;
});
/** Zipf (s = 1) over the vocabulary: a few words everywhere, most words rare. */
const HARMONIC = VOCABULARY.reduce((sum, _, i) => sum + 1 / (i + 1), 0);
const CUMULATIVE = (() => {
  let acc = 0;
  return VOCABULARY.map((_, i) => (acc += 1 / (i + 1) / HARMONIC));
})();
function zipfWord(rng = random): string {
  const r = rng();
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (itemAt(CUMULATIVE, mid) < r) lo = mid + 1;
    else hi = mid;
  }
  return itemAt(VOCABULARY, lo);
}
const sentence = (words: number) => Array.from({ length: words }, () => zipfWord()).join(' ');
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)
  ] ?? 0;

async function main() {
  const harness = await startHarness({ target: 'gateway,recall', keptNamespace: KEPT });
  try {
    const kept = KEPT ? join(tmpdir(), `${KEPT}.account.json`) : undefined;
    const reused =
      kept && existsSync(kept)
        ? (JSON.parse(readFileSync(kept, 'utf8')) as {
            accountId: string;
            apiKey: string;
            chunks: number;
          })
        : undefined;
    const { accountId, apiKey } = reused ?? (await harness.createAccount('scale'));
    const { dataSource } = harness.platform.infra;
    const started = performance.now();
    let seq = 1_000_000_000;
    let chunks = reused?.chunks ?? 0;
    for (let session = 0; chunks < CHUNKS; session += 100) {
      const events: StoredEvent[] = [];
      for (let s = session; s < session + 100; s += 1) {
        const day = new Date(Date.UTC(2025, 0, 1) + s * 3_600_000);
        for (let turn = 1; turn <= TURNS_PER_SESSION; turn += 1) {
          seq += 1;
          events.push({
            seq,
            event: {
              id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
              type: 'TurnRecorded',
              version: 1,
              accountId,
              sessionId: `scale-${s}`,
              occurredAt: new Date(day.getTime() + turn * 60_000).toISOString(),
              producer: 'bench',
              payload: {
                seq: turn,
                role: turn % 2 ? 'user' : 'assistant',
                text: sentence(TURN_WORDS),
              },
            },
          });
        }
      }
      await dataSource.transaction((manager) => applyEvents(manager, recallProjection, events));
      const rows: Array<{ n: number }> = await dataSource.query(
        `SELECT count(*)::int AS n FROM recall_chunks WHERE account_id = $1`,
        [accountId],
      );
      chunks = itemAt(rows, 0).n;
    }
    // as a server's autovacuum would leave them after a build (this one runs without): dead row versions
    // reclaimed (a batch's lexeme counts replace rows) and statistics taken
    // (once, after the build: on a reused account it only re-read a sample of the 488 MB of chunk rows
    // before the questions, which a running server does not do)
    if (!reused)
      for (const table of [
        'recall_chunks',
        'recall_chunk_terms',
        'recall_lexemes',
        'recall_sessions',
      ])
        await dataSource.query(`VACUUM ANALYZE ${table}`);
    const buildSeconds = (performance.now() - started) / 1000;
    if (kept && !reused) writeFileSync(kept, JSON.stringify({ accountId, apiKey, chunks }));

    const base = `http://127.0.0.1:${harness.platform.httpPort}`;
    const headers = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };
    // 2–6 words: a mix of common and rare ones, as a question would be
    const question = (rng: () => number) => {
      const words = 2 + Math.floor(rng() * 5);
      return Array.from({ length: words }, () =>
        rng() < 0.5 ? VOCABULARY[Math.floor(rng() * 200)] : zipfWord(rng),
      ).join(' ');
    };
    const queries = Array.from({ length: QUERIES }, () => question(questionRandom));
    const warmUp = Array.from({ length: WARM_UP_QUERIES }, () => question(warmUpRandom));
    // Warm the pool, the plans and the caches with other questions of the same kind, as a running server is:
    // timed from a fresh start, the first ~100 questions cost more (relation and plan caches, V8's
    // compilation of the code paths, pages first read) and made most of the p99; printed below for comparison.
    const asked = (questions: string[]) =>
      questions.map((query) => ({
        method: 'POST' as const,
        path: '/v1/recall',
        body: JSON.stringify({ query, limit: 10 }),
      }));
    const times = await askSequentially(
      base,
      { Authorization: `Bearer ${apiKey}` },
      {
        warmUp: asked(warmUp),
        recall: asked(queries),
        healthz: Array.from({ length: QUERIES }, () => ({
          method: 'GET' as const,
          path: '/healthz',
        })),
        paced: asked(queries.slice(0, PACED_QUERIES)).map((request) => ({
          ...request,
          pauseMs: PACE_MS,
        })),
      },
    );
    const {
      warmUp: warmUpTimes = [],
      recall: recallTimes = [],
      healthz: floorTimes = [],
      paced: pacedTimes = [],
    } = times;
    const selectOne: number[] = [];
    for (let n = 0; n < QUERIES; n += 1) {
      const t0 = performance.now();
      await dataSource.query('SELECT 1');
      selectOne.push(performance.now() - t0);
    }
    const hits = (await (
      await fetch(`${base}/v1/recall`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: queries[1], limit: 10 }),
      })
    ).json()) as { hits?: unknown[] };

    console.log(
      reused
        ? `account with ${chunks} chunks, reused from ${KEPT} (built earlier by the recall projection)`
        : `account with ${chunks} chunks (${(chunks * TURNS_PER_SESSION) / 10} turns ≈ built in ${buildSeconds.toFixed(0)} s by the recall projection)`,
    );
    console.log(
      `POST /v1/recall (${QUERIES} queries, 2–6 words, limit 10): p50 ${percentile(recallTimes, 50).toFixed(1)} ms, p99 ${percentile(recallTimes, 99).toFixed(1)} ms`,
    );
    console.log(
      `  the ${WARM_UP_QUERIES} warm-up questions before them, from a fresh start: p50 ${percentile(warmUpTimes, 50).toFixed(1)} ms, p99 ${percentile(warmUpTimes, 99).toFixed(1)} ms`,
    );
    if (pacedTimes.length) {
      const paced = pacedTimes.map((ms) => ms.toFixed(1)).join(', ');
      const backToBack = recallTimes
        .slice(0, PACED_QUERIES)
        .map((ms) => ms.toFixed(1))
        .join(', ');
      console.log(
        `  the first ${PACED_QUERIES} of them again, each after ${PACE_MS / 1000} s of quiet (an agent's pace): ${paced} ms (back to back: ${backToBack} ms)`,
      );
    }
    console.log(
      `GET /healthz floor on the same connection: p50 ${percentile(floorTimes, 50).toFixed(2)} ms, p99 ${percentile(floorTimes, 99).toFixed(2)} ms`,
    );
    console.log(
      `SELECT 1 floor on the pool: p50 ${percentile(selectOne, 50).toFixed(2)} ms, p99 ${percentile(selectOne, 99).toFixed(2)} ms`,
    );
    console.log(
      `recall p50 / SELECT 1 p50: ${(percentile(recallTimes, 50) / percentile(selectOne, 50)).toFixed(1)}x, p99 / p99: ${(percentile(recallTimes, 99) / percentile(selectOne, 99)).toFixed(1)}x; ` +
        `recall p99 / healthz p99: ${(percentile(recallTimes, 99) / percentile(floorTimes, 99)).toFixed(1)}x; sample answer: ${hits.hits?.length ?? 0} hits`,
    );
  } finally {
    await harness.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
