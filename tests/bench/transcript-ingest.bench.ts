/**
 * Transcript ingest throughput: transcripts and turns per second from JSONL files on disk to the
 * read models (admin trigger → raw queue → redaction → events → sessions/turns/outcomes tables),
 * against the local NATS, Postgres and Redis.
 *   node bin/run-ts.js tests/bench/transcript-ingest.bench.ts [sessions=200] [turnsPerSession=50]
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_KEY, startHarness } from '../support/platform-harness';

const SESSIONS = Number(process.argv[2] ?? 200);
const TURNS = Number(process.argv[3] ?? 50);

function transcript(i: number): string {
  const sessionId = `bench-${i}`;
  const base = {
    sessionId,
    cwd: `/work/project-${i % 7}`,
    gitBranch: 'main',
    version: '2.1.39',
    userType: 'external',
    isSidechain: false,
  };
  const lines: unknown[] = [];
  for (let t = 0; t < TURNS; t++) {
    const timestamp = new Date(Date.UTC(2026, 10, 1, 9, 0, t)).toISOString();
    const user = t % 2 === 0;
    lines.push({
      ...base,
      type: user ? 'user' : 'assistant',
      uuid: `${sessionId}-${t}`,
      timestamp,
      message: user
        ? {
            role: 'user',
            content: `Step ${t}: please refactor the billing module so invoices round to cents; keep the API stable.`,
          }
        : {
            id: `m${t}`,
            role: 'assistant',
            content: [
              {
                type: 'text',
                text: `Done with step ${t}. I changed src/billing/invoice.ts and ran the tests; all 42 pass. `.repeat(
                  3,
                ),
              },
            ],
          },
    });
  }
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

async function main() {
  const work = await mkdtemp(path.join(tmpdir(), 'mnemo-bench-transcripts-'));
  const root = path.join(work, 'projects');
  for (let i = 0; i < SESSIONS; i++) {
    const dir = path.join(root, `-work-project-${i % 7}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `bench-${i}.jsonl`), transcript(i));
  }
  const harness = await startHarness({
    target: 'gateway,redaction,ingest',
    env: { MNEMO_TRANSCRIPTS_ROOT: root },
  });
  try {
    const account = await harness.createAccount('bench');
    const expectedTurns = SESSIONS * TURNS;
    const started = performance.now();
    const response = await harness
      .http()
      .post(`/v1/admin/session-ingest?accountId=${account.accountId}`)
      .set('Authorization', `Bearer ${ADMIN_KEY}`);
    if (response.status !== 200)
      throw new Error(`ingest answered ${response.status} ${JSON.stringify(response.body)}`);
    const appended = performance.now();
    const db = harness.platform.infra.dataSource;
    const deadline = Date.now() + 80_000;
    for (;;) {
      const [{ turns }] = await db.query(
        'SELECT count(*)::int AS turns FROM turns WHERE account_id = $1',
        [account.accountId],
      );
      const [{ outcomes }] = await db.query(
        'SELECT count(*)::int AS outcomes FROM session_outcomes WHERE account_id = $1',
        [account.accountId],
      );
      if (turns >= expectedTurns && outcomes >= SESSIONS) break;
      if (Date.now() > deadline)
        throw new Error(
          `only ${turns}/${expectedTurns} turns and ${outcomes}/${SESSIONS} outcomes after 80 s`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    const readSeconds = (appended - started) / 1000;
    console.log(
      `transcript ingest: ${SESSIONS} transcripts, ${expectedTurns} turns (${response.body.events} events)`,
    );
    console.log(
      `  files → raw queue:   ${readSeconds.toFixed(2)} s  (${(SESSIONS / readSeconds).toFixed(0)} transcripts/s, ${(expectedTurns / readSeconds).toFixed(0)} turns/s)`,
    );
    console.log(
      `  files → read models: ${seconds.toFixed(2)} s  (${(SESSIONS / seconds).toFixed(0)} transcripts/s, ${(expectedTurns / seconds).toFixed(0)} turns/s)`,
    );
  } finally {
    await harness.stop();
    await rm(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
