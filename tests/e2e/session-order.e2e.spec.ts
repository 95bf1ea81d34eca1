import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { StoredEvent } from '@mnemo/contracts';
import { startHarness, type Harness } from '../support/platform-harness';
import { scratchDir, until } from '../support/own-servers';
import { ServiceProcess } from '../support/service-fleet';
import { itemAt } from '@mnemo/testing';

const SESSIONS = 200;
const TURNS = 3;

/** A deterministic shuffle (mulberry32), so a failure can be run again as it was. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const marker = (session: number, turn: number) => `zq${session}x${turn}`;
/** One sentence per turn, each about something else, so an extractive summary keeps all three. */
const SAYINGS = [
  (m: string) => `My garden project ${m} needs tomatoes, basil and careful watering schedules.`,
  (m: string) => `Your budget spreadsheet ${m} tracks monthly rent, groceries and travel costs.`,
  (m: string) =>
    `Their marathon training ${m} combines interval runs, long weekends and rest days.`,
];

/** Each session: started, three turns, a pause; sessions interleaved event by event, each in its order. */
function sessionEvents(runId: string, next: () => number) {
  const queues = Array.from({ length: SESSIONS }, (_, s) => {
    const sessionId = `${runId}-s${s}`;
    const at = (n: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, n)).toISOString();
    return [
      {
        id: randomUUID(),
        type: 'SessionStarted',
        sessionId,
        occurredAt: at(0),
        payload: { source: 'ai-coaching:interview', title: `Session ${s}` },
      },
      ...Array.from({ length: TURNS }, (_, t) => ({
        id: randomUUID(),
        type: 'TurnRecorded',
        sessionId,
        occurredAt: at(t + 1),
        payload: {
          seq: t + 1,
          role: t % 2 ? 'assistant' : 'user',
          text: itemAt(SAYINGS, t)(marker(s, t + 1)),
        },
      })),
      {
        id: randomUUID(),
        type: 'SegmentPaused',
        sessionId,
        occurredAt: at(TURNS + 1),
        payload: { segment: 1 },
      },
    ];
  });
  const mixed = [];
  while (queues.some((q) => q.length)) {
    const open = queues.filter((q) => q.length);
    const queue = itemAt(open, Math.floor(next() * open.length));
    mixed.push(itemAt(queue.splice(0, 1), 0));
  }
  return mixed;
}

/**
 * Per-session order across redaction workers (docs/event-log.md): with several `--target redaction`
 * processes sharing MNEMO_RAW, a session's events reach MNEMO_EVENTS in the order they were accepted,
 * so compaction, which reads the turns up to its pause, summarizes every turn of every segment.
 */
describe.each([2, 3])('%i redaction workers', (workers) => {
  let harness: Harness;
  let dir: string;
  let redaction: ServiceProcess[] = [];

  beforeAll(async () => {
    harness = await startHarness({ target: 'gateway,ingest,compaction,cost-ledger' });
    dir = scratchDir('mnemo-session-order');
    redaction = Array.from(
      { length: workers },
      (_, i) =>
        new ServiceProcess(`redaction-${i + 1}`, 'redaction', dir, () =>
          harness.childEnv({ LOG_LEVEL: 'info' }),
        ),
    );
    for (const worker of redaction) await worker.start();
  }, 600_000);

  afterAll(async () => {
    await Promise.all(redaction.map((worker) => worker.stop()));
    await harness?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("stores each session's events in the order accepted and summarizes every segment from all its turns", async () => {
    const { apiKey } = await harness.createAccount('ordered');
    const runId = randomUUID().slice(0, 8);
    const events = sessionEvents(runId, random(workers));
    // mixed batches, one after another: 1 to 300 events each, many sessions in each
    const next = random(workers * 7);
    for (let at = 0; at < events.length;) {
      const size = 1 + Math.floor(next() * 300);
      const response = await harness
        .http()
        .post('/v1/events')
        .set('Authorization', `Bearer ${apiKey}`)
        .send({ events: events.slice(at, at + size) });
      expect(response.status).toBe(202);
      at += size;
    }

    const { log } = harness.platform.infra;
    const stored = async (): Promise<StoredEvent[]> => {
      const all: StoredEvent[] = [];
      for await (const batch of log.read('events', 1)) all.push(...batch);
      return all;
    };
    const ends = (all: StoredEvent[]) =>
      all.filter((s) =>
        ['SegmentCompacted', 'CompactionFailed', 'CompactionSkipped'].includes(s.event.type),
      );
    await until(
      'every segment compacted',
      async () => ends(await stored()).length >= SESSIONS,
      300_000,
    );

    const all = await stored();
    const order = new Map<string, number>(events.map((event, i) => [event.id, i]));
    const misordered: string[] = [];
    const bySession = new Map<string, number[]>();
    for (const { event } of all) {
      const accepted = order.get(event.id);
      if (accepted === undefined || !event.sessionId) continue;
      bySession.set(event.sessionId, [...(bySession.get(event.sessionId) ?? []), accepted]);
    }
    for (const [session, positions] of bySession)
      if (positions.some((p, i) => i > 0 && p < itemAt(positions, i - 1))) misordered.push(session);
    expect(bySession.size).toBe(SESSIONS);
    expect(misordered).toEqual([]);

    const incomplete = ends(all).filter((s) => {
      if (s.event.type !== 'SegmentCompacted') return true;
      const n = Number(/-s(\d+)$/.exec(s.event.sessionId ?? '')?.[1]);
      const summary = (s.event.payload as { summary: string }).summary;
      return !Array.from({ length: TURNS }, (_, t) => marker(n, t + 1)).every((m) =>
        summary.includes(m),
      );
    });
    expect(incomplete.map((s) => s.event.sessionId)).toEqual([]);
  }, 600_000);
});
