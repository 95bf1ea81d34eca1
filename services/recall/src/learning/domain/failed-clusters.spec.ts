import { failedClusters, sharedItems } from './failed-clusters';
import type { LearningSession, Outcome } from './learning-session';
import type { ToolStep } from './tool-steps';

const session = (
  sessionId: string,
  outcome: Outcome,
  task: string,
  steps: ToolStep[],
  day = 1,
): LearningSession => ({
  sessionId,
  project: '/repo/shop',
  startedAt: `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`,
  outcome,
  task,
  steps,
  filesEdited: [],
});

const rateLimit = (id: string, outcome: Outcome, task: string, line: number, day: number) =>
  session(
    id,
    outcome,
    task,
    [
      { name: 'Read', file: '/repo/shop/src/auth/login.controller.ts' },
      { name: 'Edit', file: '/repo/shop/src/middleware/rate-limit.ts' },
      {
        name: 'Bash',
        command: 'npm test -- login',
        error: `TypeError: Cannot read properties of undefined (reading 'ip') at rateLimit (src/middleware/rate-limit.ts:${line}:9)`,
      },
    ],
    day,
  );

describe('failed clusters', () => {
  const history = [
    rateLimit('a', 'reverted', 'Add rate limiting to the login route', 14, 1),
    rateLimit('b', 'abandoned', 'the login endpoint needs throttling per IP', 31, 3),
    rateLimit('c', 'reverted', 'limit login attempts per IP (rate limiting again)', 40, 5),
    session('d', 'reverted', 'Move the session store to Redis', [
      { name: 'Edit', file: '/repo/shop/src/session.ts' },
      { name: 'Bash', command: 'npm test', error: 'Error: connect ECONNREFUSED 127.0.0.1:6379' },
    ]),
    // the same task done well is not a failed attempt
    rateLimit('e', 'merged', 'Add rate limiting to the login route', 14, 7),
  ];

  it('groups the failed attempts at one task and leaves an unrelated failure and a success out', () => {
    const clusters = failedClusters('acct', history);
    expect(clusters.map((c) => c.sessions.map((s) => s.sessionId))).toEqual([['a', 'b', 'c']]);
    const [cluster] = clusters;
    expect(cluster.sharedFiles).toEqual(['src/middleware/rate-limit.ts']);
    // the three error lines differ in their line numbers; the log miner folds them into one template
    expect(cluster.commonFailure).toMatch(/^TypeError: Cannot read properties of undefined/);
    expect(cluster.label).toContain('rate limiting');
  });

  it('keeps a cluster id as later attempts join (it is named by its first attempt)', () => {
    const before = failedClusters('acct', history.slice(0, 2));
    const after = failedClusters('acct', history);
    expect(before[0].clusterId).toBe(after[0].clusterId);
  });

  it('counts a session without a verdict whose tools mostly failed as a failed attempt', () => {
    const flaky = (id: string) =>
      session(id, 'unknown', 'fix the flaky watch reconnect test', [
        { name: 'Bash', command: 'go test -race ./watch', error: 'panic: send on closed channel' },
        { name: 'Edit', file: '/repo/watch/watch.go' },
        { name: 'Bash', command: 'go test -race ./watch', error: 'panic: send on closed channel' },
        {
          name: 'Bash',
          command: 'go vet ./watch',
          error: 'loop variable captured by func literal',
        },
      ]);
    expect(failedClusters('acct', [flaky('x'), flaky('y')])).toHaveLength(1);
    const calm = (id: string) => ({ ...flaky(id), steps: flaky(id).steps.slice(0, 2) });
    expect(failedClusters('acct', [calm('x'), calm('y')])).toHaveLength(0);
  });

  it('shares an item held by at least half of the lists, and two at least', () => {
    expect(sharedItems([['a', 'b'], ['a'], ['c']])).toEqual(['a']);
    expect(sharedItems([['a'], ['b']])).toEqual([]);
  });
});
