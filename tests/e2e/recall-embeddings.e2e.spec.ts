import { execFile, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings.server';
import { startEmbeddedMnemo } from '../support/embedded-mnemo';
import { stopProcess } from '../support/own-servers';
import { eventually } from '../support/servers';
import { itemAt } from '@mnemo/testing';

type Hit = { chunkId: string; sessionId: string; score: number };

const run = promisify(execFile);
/** An embedded start (PGlite's first boot, every migration) takes a minute on a busy machine. */
const START_TIMEOUT_MS = 150_000;
const MNEMO = path.join(__dirname, '../../bin/mnemo.js');

const events = (sessionId: string, day: string, turns: string[]) => [
  {
    id: randomUUID(),
    type: 'SessionStarted',
    sessionId,
    occurredAt: `${day}T09:00:00Z`,
    payload: { source: 'claude-code' },
  },
  ...turns.map((text, i) => ({
    id: randomUUID(),
    type: 'TurnRecorded',
    sessionId,
    occurredAt: `${day}T09:0${i + 1}:00Z`,
    payload: { seq: i + 1, role: i % 2 ? 'assistant' : 'user', text },
  })),
];
const CAR = [
  'The automobile stalled on the motorway this morning.',
  'The garage repaired the ignition coil; the invoice came to four hundred euros.',
];
const MIGRATION = [
  'Let us plan the database migration for the orders table.',
  'Split it in two steps: add the column first, then backfill it.',
];
/** Says what CAR says in none of its words. */
const PARAPHRASE = 'when did my car break down and get mended?';

const embedderEnv = (fake: FakeEmbeddings) => ({
  MNEMO_EMBEDDINGS_URL: fake.url,
  MNEMO_EMBEDDINGS_MODEL: 'fake-bag-of-concepts',
  MNEMO_EMBEDDINGS_QUERY_TIMEOUT_MS: '300',
  MNEMO_EMBEDDINGS_TIMEOUT_MS: '1000',
  MNEMO_EMBEDDINGS_POLL_MS: '50',
  MNEMO_EMBEDDINGS_MIN_SIMILARITY: '0.3',
});

/**
 * `mnemo start` on the embedded defaults in a process of its own: PGlite loads pgvector through a
 * dynamic import, which jest's module sandbox refuses, and a replay needs the data directory to itself.
 */
async function startEmbedded(
  dataDir: string,
  fake: FakeEmbeddings,
): Promise<{ child: ChildProcess; base: string; apiKey: string }> {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    MNEMO_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MNEMO_SESSION_INGEST_ENABLED: 'false',
    ...embedderEnv(fake),
  };
  const { child, base } = await startEmbeddedMnemo(env, START_TIMEOUT_MS);
  const { apiKey } = JSON.parse(await readFile(path.join(dataDir, 'local-account.json'), 'utf8'));
  return { child, base, apiKey };
}

describe('recall fused with an embedder where pgvector exists (embedded PGlite with its vector extension)', () => {
  let server: { child: ChildProcess; base: string; apiKey: string } | undefined;
  let fake: FakeEmbeddings;
  let dataDir: string;
  const recall = async (query: string) => {
    const response = await fetch(`${server!.base}/v1/recall`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server!.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, limit: 5 }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { hits: Hit[] }).hits;
  };
  const sessions = (hits: Hit[]) => hits.map((h) => h.sessionId);
  const chunkTextsSent = () => fake.inputs.filter((text) => text.includes('ignition coil')).length;

  beforeAll(async () => {
    fake = await startFakeEmbeddings();
    dataDir = await mkdtemp(path.join(tmpdir(), 'mnemo-embeddings-'));
    server = await startEmbedded(dataDir, fake);
    const post = await fetch(`${server.base}/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        events: [...events('s-car', '2026-04-02', CAR), ...events('s-db', '2026-04-03', MIGRATION)],
      }),
    });
    expect(post.status).toBe(202);
    await eventually(
      () => recall('database migration orders table'),
      (hits) => hits.length > 0,
      60_000,
    );
  }, START_TIMEOUT_MS * 2);
  afterAll(async () => {
    await stopProcess(server?.child ?? null);
    await fake?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finds by meaning a paraphrase that the words alone miss, and keeps what the words find', async () => {
    fake.mode = 'failing';
    expect(await recall(PARAPHRASE)).toEqual([]);
    fake.mode = 'ok';
    const hits = await eventually(
      () => recall(PARAPHRASE),
      (found) => found.length > 0,
      30_000,
    );
    expect(sessions(hits)[0]).toBe('s-car');
    expect(hits[0]?.score).toBeGreaterThan(0);
    expect(hits[0]?.score).toBeLessThanOrEqual(1);
    // the chunks were embedded off the hot path, each text once; the question at recall time
    expect(chunkTextsSent()).toBe(1);
    expect(fake.inputs).toContain(PARAPHRASE);
    expect(sessions(await recall('database migration orders table'))[0]).toBe('s-db');
  });

  it("records the embeddings' spend in the account's session pool, labelled embedding", async () => {
    await eventually(
      () => recall(PARAPHRASE),
      (found) => found.length > 0,
      30_000,
    );
    type Costs = {
      rows: Array<{
        pool: string;
        label: string;
        calls: number;
        inputTokens: number;
        costUsd: number;
      }>;
    };
    const costs = async () =>
      (await (
        await fetch(`${server!.base}/v1/costs`, {
          headers: { authorization: `Bearer ${server!.apiKey}` },
        })
      ).json()) as Costs;
    const { rows } = await eventually(
      costs,
      (c) => c.rows.some((r) => r.label === 'embedding' && r.calls >= 2),
      30_000,
    );
    const embedding = rows.filter((r) => r.label === 'embedding');
    expect(embedding.map((r) => r.pool)).toEqual(['session']);
    // an unknown model is priced as the dearest known embedding model: what the fake billed, at $0.13 per million
    expect(embedding[0]?.inputTokens).toBeGreaterThan(0);
    // the ledger keeps each call's dollars to the millionth, so the row is within half a millionth per call
    const { costUsd, inputTokens, calls } = itemAt(embedding, 0);
    expect(Math.abs(costUsd - (inputTokens * 0.13) / 1_000_000)).toBeLessThanOrEqual(
      calls * 0.5e-6 + 1e-12,
    );
    expect(embedding[0]?.costUsd).toBeGreaterThan(0);
  });

  it('answers by the words alone when the embedder is slow, hanging up on it at its bound', async () => {
    await eventually(
      () => recall(PARAPHRASE),
      (found) => found.length > 0,
      30_000,
    );
    fake.mode = 'slow';
    try {
      const abandonedBefore = fake.abandoned;
      expect(sessions(await recall('ignition coil invoice'))).toEqual(['s-car']);
      expect(await recall(PARAPHRASE)).toEqual([]);
      // the service gave up on both questions' embeddings (its 300 ms bound); the embedder never answered
      await eventually(
        async () => fake.abandoned,
        (n) => n >= abandonedBefore + 2,
      );
    } finally {
      fake.mode = 'ok'; // the next cases need it answering, whatever happened here
    }
  });

  it(
    'keeps the vectors through a replay of the recall projection: no chunk is embedded again ($0)',
    async () => {
      await eventually(
        () => recall(PARAPHRASE),
        (found) => found.length > 0,
        30_000,
      );
      await stopProcess(server!.child);
      const replay = await run(process.execPath, [MNEMO, 'replay', '--projection', 'recall'], {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          MNEMO_DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          ...embedderEnv(fake),
        },
      });
      expect(replay.stdout).toMatch(/^recall: \d+ events/);
      const sentBefore = chunkTextsSent();
      server = await startEmbedded(dataDir, fake);
      expect(
        sessions(
          await eventually(
            () => recall(PARAPHRASE),
            (found) => found.length > 0,
            30_000,
          ),
        )[0],
      ).toBe('s-car');
      // the rebuilt chunks found their vectors by text hash: the embedder saw questions only
      expect(chunkTextsSent()).toBe(sentBefore);
    },
    START_TIMEOUT_MS * 3,
  );
});

describe('recall with an embedder configured where pgvector is missing (this PostgreSQL server)', () => {
  let harness: Harness;
  let fake: FakeEmbeddings;

  beforeAll(async () => {
    fake = await startFakeEmbeddings();
    harness = await startHarness({ env: embedderEnv(fake) });
  });
  afterAll(async () => {
    await harness?.stop();
    await fake?.close();
  });

  it('stays lexical and asks the embedder nothing', async () => {
    const { vector } = itemAt<{ vector: boolean }>(
      await harness.platform.infra.dataSource.query(
        `SELECT to_regclass('recall_embeddings') IS NOT NULL AS vector`,
      ),
      0,
    );
    // the premise: Debian's PostgreSQL 15 ships no pgvector package, so the migration made no vector table
    expect(vector).toBe(false);
    const { apiKey } = await harness.createAccount('words');
    await harness
      .http()
      .post('/v1/events')
      .set('Authorization', `Bearer ${apiKey}`)
      .send({ events: events('s-car', '2026-04-02', CAR) })
      .expect(202);
    const recall = async (query: string) =>
      (
        await harness
          .http()
          .post('/v1/recall')
          .set('Authorization', `Bearer ${apiKey}`)
          .send({ query, limit: 5 })
          .expect(200)
      ).body.hits as Hit[];
    await eventually(
      () => recall('ignition coil invoice'),
      (hits) => hits.length > 0,
    );
    expect(await recall(PARAPHRASE)).toEqual([]);
    await harness
      .http()
      .post('/v1/admin/conversation/ingest')
      .set('Authorization', `Bearer ${ADMIN_KEY}`)
      .expect(200);
    expect(fake.inputs).toEqual([]);
  });
});
