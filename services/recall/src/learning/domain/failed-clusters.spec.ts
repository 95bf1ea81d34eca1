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
    expect(clusters).toEqual([
      expect.objectContaining({
        sharedFiles: ['src/middleware/rate-limit.ts'],
        // the three error lines differ in their line numbers; the log miner folds them into one template
        commonFailure: expect.stringMatching(/^TypeError: Cannot read properties of undefined/),
        label: expect.stringContaining('rate limiting'),
      }),
    ]);
  });

  it('keeps a cluster id as later attempts join (it is named by its first attempt)', () => {
    const before = failedClusters('acct', history.slice(0, 2));
    const after = failedClusters('acct', history);
    expect(before).toHaveLength(1);
    expect(before.map((c) => c.clusterId)).toEqual(after.map((c) => c.clusterId));
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

  it('still groups a long attempt whose many reads and commands would drown its task in one bag', () => {
    const wandering = {
      ...rateLimit('long', 'abandoned', 'login rate limiting, third try', 22, 9),
      asked: [
        'morning',
        'login rate limiting, third try',
        'what does the README say about deploys?',
      ],
    };
    wandering.steps = [
      ...Array.from({ length: 30 }, (_, i) => ({
        name: 'Read',
        file: `/repo/shop/src/mod${i}.ts`,
      })),
      ...Array.from({ length: 10 }, (_, i) => ({ name: 'Bash', command: `npx tool${i} check` })),
      ...wandering.steps,
    ];
    const clusters = failedClusters('acct', [...history, wandering]);
    expect(clusters.map((c) => c.sessions.map((s) => s.sessionId))).toEqual([
      ['a', 'b', 'c', 'long'],
    ]);
  });

  it('keeps apart failures that edit the same file for another task', () => {
    const sameFile = session(
      'tax',
      'reverted',
      'Charge VAT on orders shipped to the EU',
      [
        { name: 'Edit', file: '/repo/shop/src/middleware/rate-limit.ts' },
        {
          name: 'Bash',
          command: 'npx vitest run src/billing',
          error: 'AssertionError: expected 119 to equal 100',
        },
      ],
      8,
    );
    const clusters = failedClusters('acct', [...history, sameFile]);
    expect(clusters.map((c) => c.sessions.map((s) => s.sessionId))).toEqual([['a', 'b', 'c']]);
  });

  it("keeps apart a failure at another task in the group's file that names the file in its request", () => {
    // the same file read and changed, the same test command and the file's subject in the
    // request: where it worked agrees, what it asked for does not
    const speedUp = session(
      'speed',
      'reverted',
      'The rate limiter is too slow under load, batch its lookups',
      [
        { name: 'Read', file: '/repo/shop/src/middleware/rate-limit.ts' },
        { name: 'Edit', file: '/repo/shop/src/middleware/rate-limit.ts' },
        {
          name: 'Bash',
          command: 'npm test -- login',
          error: 'AssertionError: expected 12 to be below 5',
        },
      ],
      9,
    );
    const clusters = failedClusters('acct', [...history, speedUp]);
    expect(clusters.map((c) => c.sessions.map((s) => s.sessionId))).toEqual([['a', 'b', 'c']]);
  });

  it('keeps apart two failed sessions at different tasks that hit the same generic assertion error', () => {
    // a test runner's generic failure and the project's one test command, met across the project
    const red = (
      id: string,
      outcome: Outcome,
      task: string,
      file: string,
      got: string,
      day: number,
    ) =>
      session(
        id,
        outcome,
        task,
        [
          { name: 'Edit', file: `/repo/shop/src/${file}` },
          {
            name: 'Bash',
            command: './gradlew test',
            error: `org.opentest4j.AssertionFailedError: expected: <${got}> but was: <${got}1>`,
          },
        ],
        day,
      );
    const project = [
      ...history,
      red(
        'vat',
        'reverted',
        'Round German VAT per invoice instead of per line',
        'tax/vat.ts',
        '19.00',
        10,
      ),
      red(
        'n1',
        'abandoned',
        'The orders list issues one select per order; batch it',
        'orders/list.ts',
        '2',
        12,
      ),
      red('ok1', 'merged', 'Show the shipping date on the receipt', 'receipt/date.ts', '3', 14),
      red('ok2', 'merged', 'Sort the product search by relevance', 'search/sort.ts', '4', 15),
    ];
    const clusters = failedClusters('acct', project);
    expect(clusters.map((c) => c.sessions.map((s) => s.sessionId))).toEqual([['a', 'b', 'c']]);
  });

  it('groups attempts at one task that name its trouble in other words', () => {
    // three people a month apart: "slow", "sluggish", "takes forever"; other files, other errors
    const cart = (id: string, task: string, file: string, error: string, day: number) =>
      session(
        id,
        'reverted',
        task,
        [
          { name: 'Read', file: '/repo/shop/src/cart/cart.controller.ts' },
          { name: 'Edit', file: `/repo/shop/src/cart/${file}` },
          { name: 'Bash', command: 'npm test -- cart', error },
        ],
        day,
      );
    const project = [
      ...history,
      cart(
        's1',
        'checkout is slow with many items',
        'cart.service.ts',
        'Error: Timeout of 2000ms exceeded',
        10,
      ),
      cart(
        's2',
        'the basket view is sluggish, 300 queries',
        'cart.view.ts',
        'expected 17 to equal 3',
        12,
      ),
      cart(
        's3',
        'cart page still takes forever',
        'cart.totals.ts',
        'expected 1999 to equal 2499',
        14,
      ),
      // another task in the same files, failed too
      cart(
        'cp',
        'add a coupon code field',
        'cart.view.ts',
        'relation "coupons" does not exist',
        15,
      ),
    ];
    const clusters = failedClusters('acct', project);
    expect(clusters.map((c) => c.sessions.map((s) => s.sessionId))).toEqual([
      ['s1', 's2', 's3'],
      ['a', 'b', 'c'],
    ]);
  });

  it('groups an attempt made in a git worktree with the attempts made in the checkout', () => {
    const inWorktree = rateLimit('wt', 'abandoned', 'throttle logins per IP', 52, 9);
    inWorktree.steps = inWorktree.steps.map((step) =>
      step.file
        ? { ...step, file: step.file.replace('/repo/shop/', '/home/dev/shop-worktrees/throttle/') }
        : step,
    );
    const clusters = failedClusters('acct', [...history, inWorktree]);
    expect(clusters.map((c) => c.sessions.map((s) => s.sessionId))).toEqual([
      ['a', 'b', 'c', 'wt'],
    ]);
  });

  it('shares an item held by at least half of the lists, and two at least', () => {
    expect(sharedItems([['a', 'b'], ['a'], ['c']])).toEqual(['a']);
    expect(sharedItems([['a'], ['b']])).toEqual([]);
  });
});
