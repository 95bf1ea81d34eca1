/**
 * Retrieval benchmark (issue 13): `npm run bench:retrieval -- --dataset FILE [--k 5,10]`.
 * Loads a dataset in the neutral format into fresh accounts (one per conversation) through
 * `POST /v1/events`, asks every question through `POST /v1/recall`, and prints turn-level Recall@k
 * (the first k turns in the order the hits give them, a chunk's turns one each), session-level
 * Recall@5 and MRR, by category, beside a plain BM25 over the turns of the same conversation computed
 * in the same run; with ingest time and recall latency p50/p99. Numbers only, nothing asserted.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { waitForCheckpoint } from '@mnemo/persistence';
import { startHarness } from '../support/platform-harness';
import { bm25Index } from './support/bm25';

const Dataset = z.object({
  conversations: z.array(
    z.object({
      id: z.string(),
      sessions: z.array(
        z.object({
          id: z.string(),
          startedAt: z.string(),
          turns: z.array(
            z.object({ id: z.string(), role: z.enum(['user', 'assistant']), text: z.string() }),
          ),
        }),
      ),
    }),
  ),
  questions: z.array(
    z.object({
      id: z.string(),
      conversationId: z.string(),
      question: z.string(),
      category: z.string(),
      evidenceTurnIds: z.array(z.string()),
      evidenceSessionIds: z.array(z.string()),
    }),
  ),
});
type Dataset = z.infer<typeof Dataset>;

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const DEFAULT_DATASET = path.join(__dirname, 'datasets/recall-conversations.json');
const token = (id: string) => id.replace(/[^A-Za-z0-9_\-:]/g, '_').slice(0, 120);
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)
  ] ?? 0;

interface Ranking {
  turns: string[];
  sessions: string[];
}

function scores(
  ranking: Ranking,
  evidenceTurns: string[],
  evidenceSessions: string[],
  ks: number[],
) {
  const recallAt = Object.fromEntries(
    ks.map((k) => [
      k,
      evidenceTurns.filter((t) => ranking.turns.slice(0, k).includes(t)).length /
        evidenceTurns.length,
    ]),
  );
  const firstHit = ranking.turns.findIndex((t) => evidenceTurns.includes(t));
  const sessionRecall5 =
    evidenceSessions.filter((s) => ranking.sessions.slice(0, 5).includes(s)).length /
    evidenceSessions.length;
  return { recallAt, mrr: firstHit >= 0 ? 1 / (firstHit + 1) : 0, sessionRecall5 };
}

async function main() {
  const file = argument('dataset') ?? DEFAULT_DATASET;
  const ks = (argument('k') ?? '5,10')
    .split(',')
    .map(Number)
    .filter((k) => k > 0);
  const dataset: Dataset = Dataset.parse(JSON.parse(readFileSync(file, 'utf8')));
  const harness = await startHarness();
  try {
    const keys = new Map<string, string>();
    const turnIdOf = new Map<string, string>();
    const started = performance.now();
    let turns = 0;
    for (const conversation of dataset.conversations) {
      const { apiKey } = await harness.createAccount(
        token(`bench-${conversation.id}`).slice(0, 60),
      );
      keys.set(conversation.id, apiKey);
      const events = conversation.sessions.flatMap((session) => {
        const sessionId = token(session.id);
        const at = Date.parse(session.startedAt);
        return [
          {
            id: randomUUID(),
            type: 'SessionStarted',
            sessionId,
            occurredAt: new Date(at).toISOString(),
            payload: { source: 'bench' },
          },
          ...session.turns.map((turn, i) => {
            turnIdOf.set(`${conversation.id}\u0000${sessionId}#${i + 1}`, turn.id);
            turns += 1;
            return {
              id: randomUUID(),
              type: 'TurnRecorded',
              sessionId,
              occurredAt: new Date(at + (i + 1) * 60_000).toISOString(),
              payload: { seq: i + 1, role: turn.role, text: turn.text },
            };
          }),
        ];
      });
      for (let i = 0; i < events.length; i += 1000) {
        const response = await harness
          .http()
          .post('/v1/events')
          .set('Authorization', `Bearer ${apiKey}`)
          .send({ events: events.slice(i, i + 1000) });
        if (response.status !== 202)
          throw new Error(`ingest failed: ${response.status} ${JSON.stringify(response.body)}`);
      }
    }
    const { log, dataSource } = harness.platform.infra;
    // everything posted has gone through redaction into the log, and the recall projection has applied it
    for (let pending = 1; pending > 0;) {
      pending = await log.pending('raw', 'redaction-raw');
      if (pending) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await waitForCheckpoint(dataSource, 'recall', await log.lastSeq('events'), 600_000);
    const ingestSeconds = (performance.now() - started) / 1000;

    const bm25 = new Map(
      dataset.conversations.map((conversation) => [
        conversation.id,
        bm25Index(
          conversation.sessions.flatMap((session) =>
            session.turns.map((turn) => ({ id: turn.id, session: session.id, text: turn.text })),
          ),
        ),
      ]),
    );
    const rows: Array<{
      category: string;
      ours: ReturnType<typeof scores>;
      bm25: ReturnType<typeof scores>;
    }> = [];
    const latencies: number[] = [];
    const K = Math.max(...ks, 10);
    for (const question of dataset.questions) {
      const key = keys.get(question.conversationId)!;
      let hits: Array<{ sessionId: string; turnSeqs: number[] }> = [];
      for (let repeat = 0; repeat < 3; repeat += 1) {
        const t0 = performance.now();
        const response = await harness
          .http()
          .post('/v1/recall')
          .set('Authorization', `Bearer ${key}`)
          .send({ query: question.question, limit: K });
        latencies.push(performance.now() - t0);
        hits = response.body.hits;
        if (!hits)
          throw new Error(`recall failed: ${response.status} ${JSON.stringify(response.body)}`);
      }
      const ours: Ranking = {
        turns: hits.flatMap((hit) =>
          hit.turnSeqs.map(
            (seq) => turnIdOf.get(`${question.conversationId}\u0000${hit.sessionId}#${seq}`) ?? '?',
          ),
        ),
        sessions: [...new Set(hits.map((hit) => hit.sessionId))].map(
          (sessionId) =>
            dataset.conversations
              .find((c) => c.id === question.conversationId)!
              .sessions.find((s) => token(s.id) === sessionId)?.id ?? '?',
        ),
      };
      const ranked = bm25.get(question.conversationId)!.search(question.question, K * 4);
      const baseline: Ranking = {
        turns: ranked.map((r) => r.id),
        sessions: [...new Set(ranked.map((r) => r.session))],
      };
      rows.push({
        category: question.category,
        ours: scores(ours, question.evidenceTurnIds, question.evidenceSessionIds, ks),
        bm25: scores(baseline, question.evidenceTurnIds, question.evidenceSessionIds, ks),
      });
    }

    const categories = ['all', ...new Set(rows.map((r) => r.category))];
    const mean = (values: number[]) =>
      values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
    const pct = (value: number) => (value * 100).toFixed(1).padStart(5);
    console.log(
      `dataset ${path.relative(process.cwd(), file)}: ${dataset.conversations.length} conversations, ${turns} turns, ${dataset.questions.length} questions`,
    );
    console.log(
      `ingest (POST /v1/events → redaction → recall projection): ${ingestSeconds.toFixed(2)} s, ${(turns / ingestSeconds).toFixed(0)} turns/s`,
    );
    console.log(
      `recall latency over HTTP (${latencies.length} calls): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    );
    const header = [
      'category',
      'n',
      ...ks.map((k) => `R@${k} recall`),
      ...ks.map((k) => `R@${k} bm25`),
      'sR@5 recall',
      'sR@5 bm25',
      'MRR recall',
      'MRR bm25',
    ];
    console.log(header.join(' | '));
    for (const category of categories) {
      const group = rows.filter((r) => category === 'all' || r.category === category);
      console.log(
        [
          category.padEnd(14),
          String(group.length).padStart(3),
          ...ks.map((k) => pct(mean(group.map((r) => r.ours.recallAt[k]!)))),
          ...ks.map((k) => pct(mean(group.map((r) => r.bm25.recallAt[k]!)))),
          pct(mean(group.map((r) => r.ours.sessionRecall5))),
          pct(mean(group.map((r) => r.bm25.sessionRecall5))),
          mean(group.map((r) => r.ours.mrr)).toFixed(3),
          mean(group.map((r) => r.bm25.mrr)).toFixed(3),
        ].join(' | '),
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
