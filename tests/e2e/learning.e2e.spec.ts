import { randomUUID } from 'node:crypto';
import { priorWork } from '@mnemo/agent-tools';
import { MnemoClient } from '@mnemo/mnemo-client';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';

const REPO = '/home/dev/shop';

interface Step {
  name: string;
  file?: string;
  command?: string;
  error?: string;
}

/** A session as the transcript reader sends it: started, the request, the tool calls, the outcome. */
function session(
  sessionId: string,
  day: number,
  outcome: 'merged' | 'reverted' | 'abandoned' | 'unknown',
  task: string,
  steps: Step[],
) {
  const at = (minute: number) =>
    `2026-11-${String(day).padStart(2, '0')}T09:${String(minute).padStart(2, '0')}:00.000Z`;
  const edited = steps.filter((s) => s.file && s.name !== 'Read').map((s) => `${REPO}/${s.file}`);
  return [
    {
      id: randomUUID(),
      type: 'SessionStarted',
      sessionId,
      occurredAt: at(0),
      payload: { source: 'claude-code', cwd: REPO, project: REPO },
    },
    {
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId,
      occurredAt: at(1),
      payload: { seq: 1, role: 'user', text: task },
    },
    {
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId,
      occurredAt: at(2),
      payload: {
        seq: 2,
        role: 'assistant',
        text: 'Working on it.',
        toolCalls: steps.map((s, i) => ({
          id: `${sessionId}-${i}`,
          name: s.name,
          input: JSON.stringify({
            ...(s.file ? { file_path: `${REPO}/${s.file}` } : {}),
            ...(s.command ? { command: s.command } : {}),
          }),
          result: s.error ?? 'ok',
          isError: s.error !== undefined,
        })),
      },
    },
    {
      id: randomUUID(),
      type: 'SessionOutcomeRecorded',
      sessionId,
      occurredAt: at(3),
      payload: {
        summary: task,
        firstUserTurn: task,
        lastAssistantTurn: 'Done.',
        filesRead: [],
        filesEdited: edited,
        toolsCalled: {},
        commitShas: [],
        cwd: REPO,
        outcome,
      },
    },
  ];
}

const rateLimitAttempt = (
  id: string,
  day: number,
  outcome: 'reverted' | 'abandoned',
  task: string,
) =>
  session(id, day, outcome, task, [
    { name: 'Read', file: 'src/auth/login.controller.ts' },
    { name: 'Edit', file: 'src/middleware/rate-limit.ts' },
    {
      name: 'Bash',
      command: 'npm test -- login',
      error: `TypeError: Cannot read properties of undefined (reading 'ip') at rateLimit (src/middleware/rate-limit.ts:${day}:9)`,
    },
  ]);

describe('the learning corpus: failed attempts clustered, said by prior_work', () => {
  let harness: Harness;
  let apiKey: string;
  let baseUrl: string;

  beforeAll(async () => {
    harness = await startHarness();
    ({ apiKey } = await harness.createAccount('learning'));
    baseUrl = `http://127.0.0.1:${harness.platform.httpPort}`;
    const events = [
      ...rateLimitAttempt('rl-1', 1, 'reverted', 'Add rate limiting to the login route'),
      ...rateLimitAttempt('rl-2', 4, 'abandoned', 'the login endpoint needs throttling per IP'),
      ...rateLimitAttempt(
        'rl-3',
        9,
        'reverted',
        'limit login attempts per IP, rate limiting again',
      ),
      // a failure at something else, and the same task done well: neither joins the cluster
      ...session('redis', 5, 'reverted', 'Move the session store to Redis', [
        { name: 'Edit', file: 'src/session.ts' },
        { name: 'Bash', command: 'npm test', error: 'Error: connect ECONNREFUSED 127.0.0.1:6379' },
      ]),
      ...session('signup', 6, 'merged', 'Add rate limiting to the signup route', [
        { name: 'Edit', file: 'src/middleware/rate-limit.ts' },
        { name: 'Bash', command: 'npm test -- signup' },
      ]),
    ];
    const response = await harness
      .http()
      .post('/v1/events')
      .set('Authorization', `Bearer ${apiKey}`)
      .send({ events });
    expect(response.status).toBe(202);
  });

  afterAll(async () => {
    await harness?.stop();
  });

  const clusters = () =>
    harness.http().get('/v1/learning/failed-clusters').set('Authorization', `Bearer ${apiKey}`);

  it('clusters the three failed attempts at one task, with their shared file and common failure', async () => {
    const response = await eventually(clusters, (r) => r.body.clusters?.length > 0);
    expect(response.body.clusters).toHaveLength(1);
    const [cluster] = response.body.clusters;
    expect(cluster.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual([
      'rl-1',
      'rl-2',
      'rl-3',
    ]);
    expect(cluster.sharedFiles).toEqual(['src/middleware/rate-limit.ts']);
    expect(cluster.commonFailure).toContain(
      "TypeError: Cannot read properties of undefined (reading 'ip')",
    );
    // the label tells one attempt's task (the one closest to the others) and the failure
    expect([
      'Add rate limiting to the login route',
      'the login endpoint needs throttling per IP',
      'limit login attempts per IP, rate limiting again',
    ]).toContain(cluster.task);
    expect(cluster.label).toContain(cluster.task);
  });

  it('answers the cluster with prior work on the task and on its file, and prior_work says so', async () => {
    const byTask = await harness
      .http()
      .get('/v1/prior-work')
      .query({ task: 'rate limiting for the login route' })
      .set('Authorization', `Bearer ${apiKey}`);
    expect(byTask.status).toBe(200);
    expect(byTask.body.failedClusters).toHaveLength(1);
    const byFile = await harness
      .http()
      .get('/v1/prior-work')
      .query({ file: 'middleware/rate-limit.ts' })
      .set('Authorization', `Bearer ${apiKey}`);
    expect(byFile.body.failedClusters).toHaveLength(1);
    const unrelated = await harness
      .http()
      .get('/v1/prior-work')
      .query({ task: 'add a dark mode toggle' })
      .set('Authorization', `Bearer ${apiKey}`);
    expect(unrelated.body.failedClusters).toEqual([]);

    const client = new MnemoClient({ url: baseUrl, apiKey, timeoutMs: 10_000 });
    const text = await priorWork.run({ task: 'rate limiting for the login route' }, { client });
    expect(text).toMatch(/^3 earlier attempts at this failed: ".+" — TypeError/);
    expect(text).toContain('rl-1 (reverted), rl-2 (abandoned), rl-3 (reverted)');
  });
});
