/** Replay: events per second re-projected from a log of 200,000 turns (real NATS and Postgres). */
import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@mnemo/contracts';
import { JetStreamEventLog } from '@mnemo/eventing';
import { dropSchema, openDataSource, replayProjection } from '@mnemo/persistence';
import { sessionsProjection } from '@mnemo/ingest-service';
import { TEST_DATABASE_URL, TEST_NATS_URL, uniqueName } from '../support/servers';

const TURNS = Number(process.env.BENCH_REPLAY_TURNS ?? 200_000);

async function main() {
  const ns = uniqueName('bench').toLowerCase();
  const log = await JetStreamEventLog.connect({
    servers: TEST_NATS_URL,
    streamPrefix: ns.toUpperCase(),
    subjectPrefix: ns,
  });
  await log.ensureStreams();
  const db = await openDataSource({
    url: TEST_DATABASE_URL,
    poolSize: 2,
    migrations: sessionsProjection.migrations,
    schema: ns,
  });
  try {
    const appendStarted = performance.now();
    for (let start = 0; start < TURNS; start += 2000) {
      const chunk: EventEnvelope[] = Array.from(
        { length: Math.min(2000, TURNS - start) },
        (_, i) => ({
          id: randomUUID(),
          type: 'TurnRecorded',
          version: 2,
          accountId: 'bench',
          sessionId: `s-${(start + i) % 1000}`,
          occurredAt: '2026-11-29T10:00:00.000Z',
          producer: 'bench',
          payload: {
            seq: Math.floor((start + i) / 1000),
            role: 'user',
            text: `turn ${start + i}: a sentence of ordinary length about work and plans.`,
          },
        }),
      );
      await log.appendMany('events', chunk);
    }
    const appendSeconds = (performance.now() - appendStarted) / 1000;
    const result = await replayProjection(db, log, sessionsProjection);
    const [{ n }] = await db.query('SELECT count(*)::int AS n FROM turns');
    console.log(
      `log: ${TURNS} turns appended in ${appendSeconds.toFixed(1)} s (${(TURNS / appendSeconds).toFixed(0)} events/s)`,
    );
    console.log(
      `replay of "sessions": ${result.events} events in ${result.seconds.toFixed(1)} s = ${(result.events / result.seconds).toFixed(0)} events/s (${n} turn rows)`,
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
