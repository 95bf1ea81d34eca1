import { execFile, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { allProjections } from '@mnemo/platform-service';
import { startHarness, type Harness } from '../support/platform-harness';
import { startEmbeddedMnemo } from '../support/embedded-mnemo';
import { stopProcess } from '../support/own-servers';
import { eventually } from '../support/servers';

const run = promisify(execFile);
const MNEMO = path.join(__dirname, '../../bin/mnemo.js');

const events = (sessionId: string, turns: number) => [
  {
    id: randomUUID(),
    type: 'SessionStarted',
    sessionId,
    occurredAt: '2026-11-29T10:00:00Z',
    payload: { source: 'claude-code' },
  },
  ...Array.from({ length: turns }, (_, i) => ({
    id: randomUUID(),
    type: 'TurnRecorded',
    sessionId,
    occurredAt: '2026-11-29T10:00:01Z',
    payload: { seq: i + 1, role: 'user', text: `turn ${i + 1}` },
  })),
];

describe('the mnemo CLI against the real servers', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness?.stop());

  /** The CLI in a child process, pointed at the harness's private namespace. */
  const cli = (...args: string[]) =>
    run(process.execPath, [MNEMO, ...args], { env: harness.childEnv(), timeout: 60_000 });

  it('replays every projection to the checksum the live run had', async () => {
    const { apiKey } = await harness.createAccount('cli');
    await harness
      .http()
      .post('/v1/events')
      .set('Authorization', `Bearer ${apiKey}`)
      .send({ events: events('s-cli', 30) })
      .expect(202);
    await eventually(
      () => harness.http().get('/v1/sessions/s-cli/turns').set('Authorization', `Bearer ${apiKey}`),
      (r) => r.body.turns?.length === 30,
    );
    for (const projection of allProjections()) {
      await eventually(
        () => harness.platform.infra.log.pending('events', `projection-${projection.name}`),
        (n) => n === 0,
      );
    }
    const before = JSON.parse((await cli('checksum', '--json')).stdout);
    expect(before.sessions.turns).toMatch(/^30:/);
    const replay = await cli('replay', '--projection', 'all');
    expect(replay.stdout).toMatch(/sessions: \d+ events to seq \d+/);
    const after = JSON.parse((await cli('checksum', '--json')).stdout);
    expect(after).toEqual(before);
  });

  it('answers /readyz not ready while a read model table is missing, until a replay rebuilds it', async () => {
    await harness.platform.infra.dataSource.query('DROP TABLE turns');
    const missing = await harness.http().get('/readyz');
    expect(missing.status).toBe(503);
    expect(missing.body.checks['read models']).toMatch(/missing tables turns: run/);
    await cli('replay', '--projection', 'sessions');
    const ready = await harness.http().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks['read models']).toBe('ok');
  }, 120_000);

  it('stops with the variable name and the reason when configuration is bad', async () => {
    await expect(cli('checksum')).resolves.toBeDefined();
    const failed = run(process.execPath, [MNEMO, 'checksum'], {
      env: { ...process.env, MNEMO_HTTP_PORT: 'eighty' },
    });
    await expect(failed).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('MNEMO_HTTP_PORT'),
    });
  });

  it('says where the local account comes from when there is none yet', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'mnemo-no-key-'));
    try {
      await expect(
        run(process.execPath, [MNEMO, 'key'], { env: { ...process.env, MNEMO_DATA_DIR: empty } }),
      ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('npm start') });
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it("records a repository's history with `mnemo snapshot`, and drift --server answers as git does", async () => {
    const { apiKey } = await harness.createAccount('cli-code');
    const repo = await mkdtemp(path.join(tmpdir(), 'mnemo-snapshot-'));
    const git = (args: string[], date: string) =>
      run('git', args, {
        cwd: repo,
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 'Ada',
          GIT_AUTHOR_EMAIL: 'ada@example.test',
          GIT_COMMITTER_NAME: 'Ada',
          GIT_COMMITTER_EMAIL: 'ada@example.test',
          GIT_AUTHOR_DATE: date,
          GIT_COMMITTER_DATE: date,
        },
      });
    try {
      await git(['init', '-q', '-b', 'main'], '2026-01-01T00:00:00Z');
      await writeFile(path.join(repo, 'jobs.py'), 'def run(job):\n    return job.go()\n');
      await git(['add', '-A'], '2026-01-01T10:00:00Z');
      await git(['commit', '-q', '-m', 'jobs'], '2026-01-01T10:00:00Z');
      await writeFile(
        path.join(repo, 'jobs.py'),
        'def run_job(job):\n    return job.go()\n\nclass Queue:\n    def push(self, job, delay=0):\n        pass\n',
      );
      await git(['commit', '-q', '-am', 'queue'], '2026-02-01T10:00:00Z');
      const env = {
        ...harness.childEnv(),
        MNEMO_URL: `http://127.0.0.1:${harness.platform.httpPort}`,
        MNEMO_API_KEY: apiKey,
        MNEMO_PROJECT: 'jobs-repo',
      };
      const mnemo = (...args: string[]) =>
        run(process.execPath, [MNEMO, ...args], { cwd: repo, env, timeout: 60_000 });
      const recorded = await mnemo('snapshot', '--git-since', '2026-01-15');
      expect(recorded.stdout).toMatch(
        /^3 snapshots of 1 files in jobs-repo: 3 recorded, 0 already there/,
      );
      const again = await mnemo('snapshot', '--git-since', '2026-01-15');
      expect(again.stdout).toMatch(/0 recorded, 3 already there/);
      const local = JSON.parse(
        (await mnemo('drift', 'jobs.py', '--since', '2026-01-15', '--json')).stdout,
      );
      expect(local.delta.renamed).toHaveLength(1);
      const served = await eventually(
        async () =>
          JSON.parse(
            (await mnemo('drift', 'jobs.py', '--since', '2026-01-15', '--json', '--server')).stdout,
          ),
        (answer) => answer.delta !== null,
      );
      expect(served.delta).toEqual(local.delta);
      expect(served.project).toBe('jobs-repo');
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });

  it('refuses an unknown projection by name', async () => {
    await expect(cli('replay', '--projection', 'nope')).rejects.toMatchObject({
      stderr: expect.stringContaining('unknown projection "nope"'),
    });
  });
});

describe('npm start on the embedded defaults (no server URLs)', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  afterAll(async () => {
    await stopProcess(child ?? null);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the local account, prints its key once, and serves the quick start', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'mnemo-embedded-'));
    const started = await startEmbeddedMnemo(
      {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        MNEMO_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      90_000,
    );
    child = started.child;
    const file = path.join(dataDir, 'local-account.json');
    const { apiKey } = JSON.parse(await readFile(file, 'utf8'));
    expect(started.output()).toContain(apiKey);
    expect(started.output()).toContain('npx mnemo key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // `mnemo key` shows it again, with where it is kept
    const env = { ...process.env, MNEMO_DATA_DIR: dataDir };
    const shown = await run(process.execPath, [MNEMO, 'key'], { env });
    expect(shown.stdout).toContain(apiKey);
    expect(shown.stdout).toContain(file);

    const { base } = started;
    const post = await fetch(`${base}/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events: events('s-local', 3) }),
    });
    expect(post.status).toBe(202);
    const turns = await eventually(
      async () =>
        (await (
          await fetch(`${base}/v1/sessions/s-local/turns`, {
            headers: { authorization: `Bearer ${apiKey}` },
          })
        ).json()) as { turns?: Array<{ seq: number; text: string }> },
      (body) => body.turns?.length === 3,
      30_000,
    );
    expect(turns.turns?.[0]).toMatchObject({ seq: 1, text: 'turn 1' });

    // recall on the embedded database (PGlite): the chunk's lexemes are found by their hashes there too
    const decision = {
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId: 's-local',
      occurredAt: '2026-11-29T10:00:02Z',
      payload: {
        seq: 4,
        role: 'assistant',
        text: 'We chose advisory locks over a queue table for the nightly billing jobs.',
      },
    };
    const more = await fetch(`${base}/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events: [decision] }),
    });
    expect(more.status).toBe(202);
    const recalled = await eventually(
      async () =>
        (await (
          await fetch(`${base}/v1/recall`, {
            method: 'POST',
            headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
            body: JSON.stringify({ query: 'billing job locks', limit: 5 }),
          })
        ).json()) as { hits?: Array<{ sessionId: string; turnSeqs: number[] }> },
      (body) => (body.hits?.length ?? 0) > 0,
      30_000,
    );
    expect(recalled.hits?.[0]).toMatchObject({
      sessionId: 's-local',
      turnSeqs: expect.arrayContaining([4]),
    });
    expect(recalled.hits?.[0]?.turnSeqs[0]).toBe(4);
  });
});
