import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FIXTURES_ROOT } from '../../services/ingest/src/testing/fixtures';
import { INGEST_LOCK_KEY, ingestTranscriptsToGateway } from '@mnemo/ingest-service';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';

const run = promisify(execFile);
const MNEMO = path.join(__dirname, '../../bin/mnemo.js');
const git = async (cwd: string, ...args: string[]) =>
  (await run('git', ['-C', cwd, ...args])).stdout.trim();

/** A small Claude Code transcript whose Bash call committed `sha` in `cwd`. */
function transcript(sessionId: string, cwd: string, sha: string, endedAt: Date): string {
  const at = (offsetMs: number) => new Date(endedAt.getTime() - 60_000 + offsetMs).toISOString();
  const base = {
    sessionId,
    cwd,
    gitBranch: 'main',
    version: '2.1.39',
    userType: 'external',
    isSidechain: false,
  };
  const lines = [
    {
      ...base,
      type: 'user',
      uuid: `${sessionId}-1`,
      timestamp: at(0),
      message: { role: 'user', content: 'Fix the rounding in cart.ts and commit it' },
    },
    {
      ...base,
      type: 'assistant',
      uuid: `${sessionId}-2`,
      timestamp: at(1000),
      message: {
        id: 'm1',
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 'tu_edit',
            name: 'Edit',
            input: { file_path: `${cwd}/cart.ts`, old_string: 'a', new_string: 'b' },
          },
        ],
      },
    },
    {
      ...base,
      type: 'user',
      uuid: `${sessionId}-3`,
      timestamp: at(2000),
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'tu_edit', content: 'ok' }],
      },
    },
    {
      ...base,
      type: 'assistant',
      uuid: `${sessionId}-4`,
      timestamp: at(3000),
      message: {
        id: 'm2',
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 'tu_git',
            name: 'Bash',
            input: { command: 'git commit -am fix' },
          },
        ],
      },
    },
    {
      ...base,
      type: 'user',
      uuid: `${sessionId}-5`,
      timestamp: at(4000),
      message: {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'tu_git',
            content: `[main ${sha.slice(0, 7)}] Round cart totals\n 1 file changed`,
          },
        ],
      },
    },
    {
      ...base,
      type: 'assistant',
      uuid: `${sessionId}-6`,
      timestamp: at(5000),
      message: {
        id: 'm3',
        role: 'assistant',
        content: [{ type: 'text', text: 'Committed the fix.' }],
      },
    },
  ];
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

describe('transcript ingest through the admin route, the loop state and the CLI', () => {
  let harness: Harness;
  let account: { accountId: string; apiKey: string };
  let work: string;
  let root: string;
  let repo: string;
  let mainSha: string;
  let featureSha: string;
  const admin = (url: string) =>
    harness.http().post(url).set('Authorization', `Bearer ${ADMIN_KEY}`);
  const status = async () =>
    (
      await harness
        .http()
        .get(`/v1/admin/session-ingest/status?accountId=${account.accountId}`)
        .set('Authorization', `Bearer ${ADMIN_KEY}`)
    ).body;
  const get = (url: string, key = account.apiKey) =>
    harness.http().get(url).set('Authorization', `Bearer ${key}`);
  const runIngest = (query = '') =>
    admin(`/v1/admin/session-ingest?accountId=${account.accountId}${query}`);
  /** Waits until the run's own record is projected, so the next run sees its watermark. */
  const settled = (runId: string) => eventually(status, (s) => s.lastRun?.runId === runId);

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'mnemo-transcripts-'));
    root = path.join(work, 'projects');
    await cp(FIXTURES_ROOT, path.join(root, 'fixtures'), { recursive: true });
    repo = path.join(work, 'shop');
    await mkdir(repo);
    await git(repo, 'init', '-q', '-b', 'main');
    await git(repo, 'config', 'user.email', 'dev@example.com');
    await git(repo, 'config', 'user.name', 'Dev');
    await writeFile(path.join(repo, 'cart.ts'), 'export const total = 1;\n');
    await git(repo, 'add', '.');
    await git(repo, 'commit', '-q', '-m', 'round totals');
    mainSha = await git(repo, 'rev-parse', 'HEAD');
    await git(repo, 'checkout', '-q', '-b', 'feature');
    await writeFile(path.join(repo, 'cart.ts'), 'export const total = 2;\n');
    await git(repo, 'commit', '-q', '-am', 'feature work');
    featureSha = await git(repo, 'rev-parse', 'HEAD');
    await git(repo, 'checkout', '-q', 'main');
    const project = path.join(root, '-shop');
    await mkdir(project);
    const yesterday = new Date(Date.now() - 24 * 3600_000);
    await writeFile(
      path.join(project, 'sess-merged.jsonl'),
      transcript('sess-merged', repo, mainSha, yesterday),
    );
    await writeFile(
      path.join(project, 'sess-feature.jsonl'),
      transcript('sess-feature', repo, featureSha, yesterday),
    );
    // oldest on disk, so only the re-judging of outcomes (not a re-read) can change its verdict later
    await utimes(
      path.join(project, 'sess-feature.jsonl'),
      yesterday,
      new Date('2026-01-01T00:00:00Z'),
    );

    harness = await startHarness({ env: { MNEMO_TRANSCRIPTS_ROOT: root } });
    account = await harness.createAccount('dev');
  });
  afterAll(async () => {
    await harness?.stop();
    await rm(work, { recursive: true, force: true });
  });

  it('ingests every fixture transcript (subagents too), counting skipped lines, and serves sessions, turns and outcomes', async () => {
    const response = await runIngest();
    expect(response.status).toBe(200);
    // 13 fixture files (3 of them subagents) and the 2 made here; 272 + 2 × 4 turns (a line holding only paired tool results is no turn); 110 bad lines in the fixtures
    expect(response.body).toMatchObject({
      status: 'completed',
      trigger: 'admin',
      files: 15,
      sessions: 15,
      turns: 280,
      skippedLines: 110,
    });
    expect(response.body.watermark).toEqual(expect.any(String));
    // by reason, so metadata lines Claude Code writes are told apart from damage
    const byReason: Record<string, number> = response.body.skippedByReason;
    expect(Object.values(byReason).reduce((a, b) => a + b, 0)).toBe(110);
    expect(byReason).toMatchObject({
      file_history_snapshot: expect.any(Number),
      progress: expect.any(Number),
      queue_operation: expect.any(Number),
      malformed_json: expect.any(Number),
      unknown_type: expect.any(Number),
    });
    await settled(response.body.runId);

    const sessions = await eventually(
      () => get('/v1/sessions?limit=200'),
      // every turn projected, not only the first of each session: the counts below are the fixtures' own
      (r) =>
        r.body.sessions?.length === 15 &&
        r.body.sessions.every((s: { turnCount: number }) => s.turnCount > 0) &&
        r.body.sessions.some(
          (s: { id: string; turnCount: number }) =>
            s.id === '7acd37a8-2745-4b58-a8a9-46164b22ad9e' && s.turnCount >= 92,
        ) &&
        r.body.sessions.some(
          (s: { id: string; turnCount: number }) =>
            s.id === '29ccd257-68b1-427f-ae5f-6524b7cb6f20:agent-a2271d1' && s.turnCount >= 35,
        ),
      60_000,
    );
    const ids = sessions.body.sessions.map((s: { id: string }) => s.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'ef958aa1-0e93-49f0-bb71-150f63befcd1:agent-a36efb2a1231c41e2',
        '58edcfae-5291-436c-91e4-54fbb188a0ca:agent-3be551df',
      ]),
    );
    const turnCount = Object.fromEntries(
      sessions.body.sessions.map((s: { id: string; turnCount: number }) => [s.id, s.turnCount]),
    );
    expect(turnCount['7acd37a8-2745-4b58-a8a9-46164b22ad9e']).toBe(92);
    expect(turnCount['29ccd257-68b1-427f-ae5f-6524b7cb6f20:agent-a2271d1']).toBe(35);

    const outcome = await eventually(
      () => get('/v1/sessions/sess-merged/outcome'),
      (r) => r.status === 200,
    );
    expect(outcome.body).toMatchObject({
      outcome: 'merged',
      filesEdited: [`${repo}/cart.ts`],
      toolsCalled: { Edit: 1, Bash: 1 },
      commitShas: [mainSha.slice(0, 7)],
    });
    expect(outcome.body.summary).toContain('Fix the rounding in cart.ts');
    expect(outcome.body.summary).toContain('Committed the fix.');
    await expect(
      eventually(
        () => get('/v1/sessions/sess-feature/outcome'),
        (r) => r.status === 200,
      ),
    ).resolves.toMatchObject({ body: { outcome: 'unknown' } });

    // the file the sessions edited, read from the working tree, is a snapshot for drift_since
    const drift = await eventually(
      () => get(`/v1/drift?path=cart.ts&since=2026-01-01`),
      (r) => r.status === 200 && r.body.current !== null,
    );
    expect(drift.body.symbols.map((s: { name: string }) => s.name)).toEqual(['total']);
  });

  it('answers 404 for an outcome of an unknown session or of another account', async () => {
    expect((await get('/v1/sessions/no-such-session/outcome')).status).toBe(404);
    const other = await harness.createAccount('other');
    expect((await get('/v1/sessions/sess-merged/outcome', other.apiKey)).status).toBe(404);
    expect((await get('/v1/sessions/sess-merged/outcome', 'mnemo_wrong')).status).toBe(401);
    expect(
      (
        await harness
          .http()
          .post('/v1/admin/session-ingest')
          .set('Authorization', `Bearer ${account.apiKey}`)
      ).status,
    ).toBe(403);
  });

  it('reports the loop status: switch, interval, last run, count, duration, error, watermark', async () => {
    const s = await status();
    expect(s).toMatchObject({
      enabled: false,
      intervalHours: 24,
      root,
      lastCount: 15,
      lastError: null,
      nextRunAt: null,
    });
    expect(s.lastDurationMs).toEqual(expect.any(Number));
    expect(Date.parse(s.lastRunAt)).not.toBeNaN();
    expect(Date.parse(s.watermark)).not.toBeNaN();
  });

  it('re-reads only files changed since the watermark, sends nothing the read models hold, and re-judges outcomes against git', async () => {
    await git(repo, 'merge', '-q', '--no-edit', 'feature');
    const again = await runIngest();
    expect(again.status).toBe(200);
    expect(again.body.files).toBeLessThan(15);
    expect(again.body.since).toEqual(expect.any(String));
    expect(again.body.outcomesUpdated).toBe(1);
    await settled(again.body.runId);
    await eventually(
      () => get('/v1/sessions/sess-feature/outcome'),
      (r) => r.body.outcome === 'merged',
    );
    const turns = await get('/v1/sessions/7acd37a8-2745-4b58-a8a9-46164b22ad9e/turns');
    expect(turns.body.turns).toHaveLength(92);

    const full = await runIngest('&days=3650');
    expect(full.body).toMatchObject({ files: 15, sessions: 15, events: 0 });
  });

  it('refuses a second run while one holds the lock', async () => {
    const token = await harness.platform.infra.cache.tryLock(INGEST_LOCK_KEY, 10_000);
    try {
      expect((await runIngest()).status).toBe(409);
    } finally {
      await harness.platform.infra.cache.unlock(INGEST_LOCK_KEY, token!);
    }
  });

  it('keeps the watermark where it was after a failed run, and the next run reads the window again', async () => {
    const before = await status();
    await rename(root, `${root}-away`);
    const failed = await runIngest();
    await rename(`${root}-away`, root);
    expect(failed.status).toBe(503);
    const after = await eventually(status, (s) => s.lastRun?.status === 'failed');
    expect(after.lastError).toContain('cannot be read');
    expect(after.watermark).toBe(before.watermark);

    const late = path.join(root, '-shop', 'sess-late.jsonl');
    await writeFile(late, transcript('sess-late', repo, mainSha, new Date()));
    const next = await runIngest();
    expect(next.body).toMatchObject({ status: 'completed', since: before.watermark });
    expect(next.body.sessions).toBeGreaterThanOrEqual(1);
    await eventually(
      () => get('/v1/sessions/sess-late/outcome'),
      (r) => r.body.outcome === 'merged',
    );
  });

  it('keeps the latest event of a turn whose tool call was pending when first read', async () => {
    const post = (events: unknown[]) =>
      harness
        .http()
        .post('/v1/events')
        .set('Authorization', `Bearer ${account.apiKey}`)
        .send({ events });
    const turn = (text: string, result?: string) => ({
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId: 'sess-pending',
      occurredAt: '2026-11-29T10:00:00Z',
      payload: {
        seq: 0,
        role: 'assistant',
        text,
        toolCalls: [
          { id: 'tu1', name: 'Bash', input: '{"command":"ls"}', ...(result ? { result } : {}) },
        ],
      },
    });
    const start = {
      id: randomUUID(),
      type: 'SessionStarted',
      sessionId: 'sess-pending',
      occurredAt: '2026-11-29T10:00:00Z',
      payload: { source: 'claude-code' },
    };
    expect((await post([start, turn('listing')])).status).toBe(202);
    expect((await post([turn('listing', 'a.txt b.txt')])).status).toBe(202);
    const turns = await eventually(
      () => get('/v1/sessions/sess-pending/turns'),
      (r) => r.body.turns?.[0]?.toolCalls?.[0]?.result === 'a.txt b.txt',
    );
    expect(turns.body.turns).toHaveLength(1);
  });

  it('sends transcripts from this machine to a running gateway (mnemo ingest transcripts), re-sending nothing new', async () => {
    const cliAccount = await harness.createAccount('cli');
    const url = `http://127.0.0.1:${harness.platform.httpPort}`;
    const target = path.join(root, 'fixtures', 'synthetic');
    const first = await ingestTranscriptsToGateway({ target, url, apiKey: cliAccount.apiKey });
    expect(first).toMatchObject({
      files: 4,
      sessions: 4,
      turns: 20,
      skippedLines: 9,
      duplicates: 0,
    });
    expect(first.accepted).toBe(20 + 4 * 2);
    const sessions = await eventually(
      () => get('/v1/sessions', cliAccount.apiKey),
      (r) => r.body.sessions?.length === 4,
    );
    expect(sessions.body.sessions.map((s: { id: string }) => s.id)).toContain(
      '22222222-2222-4222-8222-222222222222',
    );
    await eventually(
      () => get('/v1/sessions/22222222-2222-4222-8222-222222222222/outcome', cliAccount.apiKey),
      (r) => r.status === 200,
    );

    // the command itself: no terminal here, so one summary line and no progress bar; the gateway and
    // key come from the client settings `mnemo hook install` writes, as the hooks read them
    const clientConfig = path.join(work, 'client.json');
    await writeFile(clientConfig, JSON.stringify({ url, apiKey: cliAccount.apiKey }));
    const env: NodeJS.ProcessEnv = { ...process.env, MNEMO_CLIENT_CONFIG: clientConfig };
    delete env.MNEMO_URL;
    delete env.MNEMO_API_KEY;
    const { stdout } = await run(
      process.execPath,
      [MNEMO, 'ingest', 'transcripts', target, '--since', '2000-01-01'],
      { env },
    );
    expect(stdout.trim()).toMatch(
      /^4 files, 4 sessions, 20 turns: 0 events accepted, 28 already there; skipped 0 files, 9 lines/,
    );
    expect(stdout).toMatch(/\nskipped lines by reason: .*malformed_json \d+/);
    expect(first.skippedByReason).toMatchObject({
      malformed_json: expect.any(Number),
      blank: expect.any(Number),
    });

    // once projected, a re-run sends nothing at all (the log's duplicate window forgets after a day),
    // and a grown file sends only its new turn and its new outcome
    const known = (id: string) => get(`/v1/sessions/${id}/known-events`, cliAccount.apiKey);
    await eventually(
      () => known('22222222-2222-4222-8222-222222222222'),
      (r) => r.body.started === true && r.body.eventIds.length >= 6,
    );
    await eventually(
      () => ingestTranscriptsToGateway({ target, url, apiKey: cliAccount.apiKey }),
      (again) => again.sent === 0 && again.duplicates === 28,
    );
    const grown = path.join(target, 'compaction.jsonl');
    const line = {
      type: 'user',
      uuid: 'c-16',
      sessionId: '22222222-2222-4222-8222-222222222222',
      timestamp: '2026-02-11T21:00:00.000Z',
      message: { role: 'user', content: 'Now add a test for the rounding.' },
    };
    await writeFile(grown, `${JSON.stringify(line)}\n`, { flag: 'a' });
    const third = await ingestTranscriptsToGateway({ target, url, apiKey: cliAccount.apiKey });
    expect(third).toMatchObject({ sent: 2, accepted: 2, turns: 21 });
    const turns = await eventually(
      () => get('/v1/sessions/22222222-2222-4222-8222-222222222222/turns', cliAccount.apiKey),
      (r) => r.body.turns?.at(-1)?.text === 'Now add a test for the rounding.',
    );
    expect(new Set(turns.body.turns.map((t: { seq: number }) => t.seq)).size).toBe(
      turns.body.turns.length,
    );
    expect(
      (await get('/v1/sessions/no-such-session/known-events', cliAccount.apiKey)).body,
    ).toEqual({
      sessionId: 'no-such-session',
      accountId: cliAccount.accountId,
      started: false,
      eventIds: [],
    });
    const stranger = await harness.createAccount('stranger');
    expect(
      (await get('/v1/sessions/22222222-2222-4222-8222-222222222222/known-events', stranger.apiKey))
        .body,
    ).toMatchObject({ started: false, eventIds: [] });
  });
});

describe('the periodic loop, started with the service', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({
      env: {
        MNEMO_TRANSCRIPTS_ROOT: path.join(FIXTURES_ROOT, 'synthetic'),
        MNEMO_SESSION_INGEST_ENABLED: 'true',
        MNEMO_SESSION_INGEST_BOOT_DELAY_MS: '0',
        MNEMO_TRANSCRIPTS_ACCOUNT: 'loop-account',
      },
    });
  });
  afterAll(async () => harness?.stop());

  it('runs once at start for the configured account, then reports the next run an interval later', async () => {
    const status = await eventually(
      async () =>
        (
          await harness
            .http()
            .get('/v1/admin/session-ingest/status')
            .set('Authorization', `Bearer ${ADMIN_KEY}`)
        ).body,
      (s) => s.lastRun !== null,
    );
    expect(status).toMatchObject({
      enabled: true,
      accountId: 'loop-account',
      lastRun: { trigger: 'loop', status: 'completed' },
      lastCount: 4,
    });
    expect(Date.parse(status.nextRunAt) - Date.parse(status.lastRunAt)).toBe(24 * 3_600_000);
    const rows = await eventually(
      () =>
        harness.platform.infra.dataSource.query(
          `SELECT count(*)::int AS n FROM sessions WHERE account_id = 'loop-account'`,
        ),
      (r: Array<{ n: number }>) => r[0]?.n === 4,
    );
    expect(rows[0]?.n).toBe(4);
  });
});

describe('a transcript sent by the Claude Code hook and later walked by the loop', () => {
  let harness: Harness;
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'mnemo-hook-loop-'));
    harness = await startHarness({
      env: { MNEMO_TRANSCRIPTS_ROOT: path.join(work, 'projects'), MNEMO_DEVELOPER: 'dana' },
    });
  });
  afterAll(async () => {
    await harness?.stop();
    await rm(work, { recursive: true, force: true });
  });

  it('is stored once, under the developer and the project of the main checkout its worktree belongs to', async () => {
    const account = await harness.createAccount('hook-then-loop');
    const repo = path.join(work, 'shop');
    await mkdir(repo);
    await git(repo, 'init', '-q', '-b', 'main');
    await git(repo, 'config', 'user.email', 'dev@example.com');
    await git(repo, 'config', 'user.name', 'Dev');
    await writeFile(path.join(repo, 'cart.ts'), 'export const total = 1;\n');
    await git(repo, 'add', '.');
    await git(repo, 'commit', '-q', '-m', 'first');
    const worktree = path.join(work, 'shop-feature');
    await git(repo, 'worktree', 'add', '-q', '-b', 'feature', worktree);
    const sha = await git(worktree, 'rev-parse', 'HEAD');
    const dir = path.join(work, 'projects', '-shop-feature');
    await mkdir(dir, { recursive: true });
    const sessionId = randomUUID();
    const file = path.join(dir, `${sessionId}.jsonl`);
    await writeFile(file, transcript(sessionId, worktree, sha, new Date(Date.now() - 3600_000)));

    // the hook's worker, as the stop hook spawns it
    const url = `http://127.0.0.1:${harness.platform.httpPort}`;
    await run(process.execPath, [MNEMO, 'hook', 'send-transcript', file], {
      env: {
        ...process.env,
        MNEMO_URL: url,
        MNEMO_API_KEY: account.apiKey,
        MNEMO_STATE_DIR: path.join(work, 'state'),
        MNEMO_DEVELOPER: 'dana',
      },
    });
    const get = (url: string) =>
      harness.http().get(url).set('Authorization', `Bearer ${account.apiKey}`);
    const known = await eventually(
      () => get(`/v1/sessions/${sessionId}/known-events`),
      (r) => r.body.started === true && r.body.eventIds?.length === 5,
    );
    expect(known.body.accountId).toBe(account.accountId);
    const sessions = await eventually(
      () => get('/v1/sessions'),
      (r) => r.body.sessions?.length === 1,
    );
    // worktrees of one repository share its main checkout's root as their project
    expect(sessions.body.sessions[0]).toMatchObject({
      id: sessionId,
      developer: 'dana',
      project: await git(repo, 'rev-parse', '--show-toplevel'),
      cwd: worktree,
    });

    const walked = await harness
      .http()
      .post(`/v1/admin/session-ingest?accountId=${account.accountId}`)
      .set('Authorization', `Bearer ${ADMIN_KEY}`)
      .expect(200);
    expect(walked.body).toMatchObject({ files: 1, sessions: 1, turns: 4 });
    // the loop derives the same ids for the same lines, so it appends nothing the hook already sent
    expect(walked.body.events).toBe(0);
    expect((await get(`/v1/sessions/${sessionId}/known-events`)).body.eventIds).toHaveLength(5);
    const turns = (await get(`/v1/sessions/${sessionId}/turns`).expect(200)).body.turns as Array<{
      seq: number;
    }>;
    expect(turns.map((t) => t.seq)).toEqual([0, 1, 2, 3]);
  });
});
