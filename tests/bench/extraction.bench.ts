/**
 * Extraction pipeline throughput: segments per second from a pause to its summary (compaction) and to
 * its extracted facts (memory), on the offline adapter (no key), through the whole platform: HTTP in,
 * redaction, the turns projection, the compaction reactor, the summaries projection, the extraction
 * reactor and the memory projection. Real NATS, Postgres and Redis, a private namespace.
 * Run: node bin/run-ts.js tests/bench/extraction.bench.ts  (BENCH_SEGMENTS=400 to change the load)
 */
import { randomUUID } from 'node:crypto';
import { startHarness } from '../support/platform-harness';

const SEGMENTS = Number(process.env.BENCH_SEGMENTS ?? 300);
const TURNS_PER_SEGMENT = 8;
const POST_BATCH = 50;

const USER_LINES = [
  'My goal is to finish the marathon training plan before the autumn race.',
  'I decided to move my team meeting to Thursday mornings so Mondays stay quiet.',
  'I realized that I work best when I write down three priorities the night before.',
  'I value time with my family more than the promotion everyone talks about.',
  'I prefer short written updates over long status calls.',
  'My sister lives in Porto and we talk every Sunday.',
];
const ASSISTANT_LINES = [
  'What makes that important to you right now?',
  'How would you know it worked?',
  'Tell me more about that.',
];

function sessionEvents(sessionId: string, variant: number) {
  const now = Date.now();
  const events: object[] = [
    {
      id: randomUUID(),
      type: 'SessionStarted',
      sessionId,
      occurredAt: new Date(now - 600_000).toISOString(),
      payload: { source: 'bench' },
    },
  ];
  for (let seq = 1; seq <= TURNS_PER_SEGMENT; seq++) {
    const user = seq % 2 === 1;
    const text = user
      ? `${USER_LINES[(seq + variant) % USER_LINES.length]} (${variant})`
      : ASSISTANT_LINES[(seq + variant) % ASSISTANT_LINES.length];
    events.push({
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId,
      occurredAt: new Date(now - (TURNS_PER_SEGMENT - seq + 1) * 1000).toISOString(),
      payload: { seq, role: user ? 'user' : 'assistant', text },
    });
  }
  events.push({
    id: randomUUID(),
    type: 'SegmentPaused',
    sessionId,
    occurredAt: new Date(now).toISOString(),
    payload: { segment: 1 },
  });
  return events;
}

async function main(): Promise<void> {
  const harness = await startHarness({
    env: { ANTHROPIC_API_KEY: '', MNEMO_ACK_WAIT_MS: '30000', MNEMO_MAX_DELIVER: '5' },
  });
  try {
    const account = await harness.createAccount('bench');
    const db = harness.platform.infra.dataSource;
    const count = async (sql: string) => Number((await db.query(sql, [account.accountId]))[0].n);
    const summaries = () =>
      count(`SELECT count(*) AS n FROM segment_summaries WHERE account_id = $1`);
    const extractions = () =>
      count(
        `SELECT count(*) AS n FROM feature_events WHERE account_id = $1 AND action = 'memory_extracted'`,
      );

    const started = process.hrtime.bigint();
    for (let i = 0; i < SEGMENTS; i += POST_BATCH) {
      const events = Array.from({ length: Math.min(POST_BATCH, SEGMENTS - i) }, (_, j) =>
        sessionEvents(`bench-${i + j}`, i + j),
      ).flat();
      const response = await harness
        .http()
        .post('/v1/events')
        .set('Authorization', `Bearer ${account.apiKey}`)
        .send({ events });
      if (response.status !== 202)
        throw new Error(`post failed: ${response.status} ${JSON.stringify(response.body)}`);
    }
    const posted = Number(process.hrtime.bigint() - started) / 1e9;
    let compactedAt = 0;
    const deadline = Date.now() + 80_000;
    for (;;) {
      const [s, e] = [await summaries(), await extractions()];
      const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
      if (!compactedAt && s >= SEGMENTS) compactedAt = elapsed;
      if (s >= SEGMENTS && e >= SEGMENTS) break;
      if (Date.now() > deadline)
        throw new Error(`timed out: ${s} summaries, ${e} extractions of ${SEGMENTS}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const total = Number(process.hrtime.bigint() - started) / 1e9;
    const facts = await count(`SELECT count(*) AS n FROM memory_facts WHERE account_id = $1`);
    console.log(`segments: ${SEGMENTS} (${TURNS_PER_SEGMENT} turns each), offline adapter`);
    console.log(`posted in ${posted.toFixed(2)} s`);
    console.log(
      `all summarized after ${compactedAt.toFixed(2)} s: ${(SEGMENTS / compactedAt).toFixed(1)} segments/s through compaction`,
    );
    console.log(
      `all extracted after ${total.toFixed(2)} s: ${(SEGMENTS / total).toFixed(1)} segments/s through compaction and extraction`,
    );
    console.log(`facts stored: ${facts} (${(facts / SEGMENTS).toFixed(1)} per segment)`);
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
