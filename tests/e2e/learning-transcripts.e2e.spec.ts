import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { priorWork } from '@mnemo/agent-tools';
import { MnemoClient } from '@mnemo/mnemo-client';
import { allProjections } from '@mnemo/platform-service';
import { exportSkills } from '../../services/platform/src/skills/skills.command';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';

const run = promisify(execFile);
const MNEMO = path.join(__dirname, '../../bin/mnemo.js');
const git = async (cwd: string, ...args: string[]) =>
  (await run('git', ['-C', cwd, ...args])).stdout.trim();

const DAY_MS = 24 * 3600_000;

interface Call {
  name: string;
  input: Record<string, unknown>;
  result: string;
  isError?: boolean;
}

/**
 * A Claude Code transcript (docs: ../shared/CLAUDE-CODE.md, Part A): the person's request, then each
 * tool call as an assistant `tool_use` line answered by a user `tool_result` line, then a closing text.
 */
function transcript(
  sessionId: string,
  cwd: string,
  startedAt: Date,
  ask: string | string[],
  calls: Call[],
) {
  let clock = startedAt.getTime();
  let n = 0;
  const base = { sessionId, cwd, gitBranch: 'main', version: '2.1.39', isSidechain: false };
  const line = (type: 'user' | 'assistant', message: unknown) => ({
    ...base,
    type,
    uuid: `${sessionId}-${++n}`,
    timestamp: new Date((clock += 1000)).toISOString(),
    message,
  });
  // a session may open as Claude Code writes it: a slash command's echo, its output, then the request
  const lines = [ask].flat().map((content) => line('user', { role: 'user', content }));
  calls.forEach((call, i) => {
    const id = `tu_${sessionId}_${i}`;
    lines.push(
      line('assistant', {
        id: `m${i}`,
        role: 'assistant',
        content: [{ type: 'tool_use', id, name: call.name, input: call.input }],
      }),
      line('user', {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: id,
            content: call.result,
            ...(call.isError ? { is_error: true } : {}),
          },
        ],
      }),
    );
  });
  lines.push(
    line('assistant', { id: 'end', role: 'assistant', content: [{ type: 'text', text: 'Done.' }] }),
  );
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

const read = (file: string): Call => ({ name: 'Read', input: { file_path: file }, result: 'ok' });
const edit = (file: string): Call => ({
  name: 'Edit',
  input: { file_path: file, old_string: 'a', new_string: 'b' },
  result: 'ok',
});
const write = (file: string): Call => ({
  name: 'Write',
  input: { file_path: file, content: 'x' },
  result: 'ok',
});
const bash = (command: string, result = 'ok', isError = false): Call => ({
  name: 'Bash',
  input: { command },
  result,
  isError,
});

describe('the learning corpus end to end from Claude Code transcript files', () => {
  let harness: Harness;
  let account: { accountId: string; apiKey: string };
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'mnemo-learning-'));
    const repo = path.join(work, 'shop');
    const project = path.join(work, 'projects', '-shop');
    await mkdir(path.join(repo, 'src', 'routes'), { recursive: true });
    await mkdir(project, { recursive: true });
    await git(repo, 'init', '-q', '-b', 'main');
    await git(repo, 'config', 'user.email', 'dev@example.com');
    await git(repo, 'config', 'user.name', 'Dev');
    const commit = async (file: string, message: string) => {
      await writeFile(path.join(repo, file), `// ${message}\n`);
      await git(repo, 'add', '.');
      await git(repo, 'commit', '-q', '-m', message);
      return git(repo, 'rev-parse', '--short', 'HEAD');
    };
    await commit('src/routes/index.ts', 'routes');
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS);
    const src = (file: string) => path.join(repo, 'src', file);

    // three failed attempts at one task: one reverted, one abandoned, one whose tools kept failing
    const rateLimitError = (line: number) =>
      `TypeError: Cannot read properties of undefined (reading 'ip')\n    at rateLimit (src/middleware/rate-limit.ts:${line}:9)`;
    await mkdir(path.join(repo, 'src', 'middleware'));
    const reverted = await commit('src/middleware/rate-limit.ts', 'rate limit login');
    await git(repo, 'revert', '--no-edit', reverted);
    const files: Record<string, string> = {
      'rl-1': transcript('rl-1', repo, at(20), 'Add rate limiting to the login route', [
        read(src('auth/login.ts')),
        edit(src('middleware/rate-limit.ts')),
        bash('npm test -- login', rateLimitError(14), true),
        edit(src('middleware/rate-limit.ts')),
        bash('git commit -am "rate limit login"', `[main ${reverted}] rate limit login`),
      ]),
      'rl-2': transcript(
        'rl-2',
        repo,
        at(12),
        [
          '<command-name>/clear</command-name>\n<command-message>clear</command-message>\n<command-args></command-args>',
          '<local-command-stdout></local-command-stdout>',
          'the login endpoint needs throttling per IP',
        ],
        [
          edit(src('middleware/rate-limit.ts')),
          bash('npm test -- login', rateLimitError(31), true),
          edit(src('auth/login.ts')),
        ],
      ),
      'rl-3': transcript('rl-3', repo, at(1), 'limit login attempts per IP, rate limiting again', [
        edit(src('middleware/rate-limit.ts')),
        bash('npm test -- login', rateLimitError(40), true),
        bash('npm test -- login', rateLimitError(41), true),
        bash('npm test -- login', rateLimitError(44), true),
        // the person turns a call down: Claude Code's own answer, no failure of the work
        bash(
          'npm install express-rate-limit',
          "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.",
          true,
        ),
      ]),
    };
    // three successful repeats of another: each a new export route beside the last, committed to main
    const repeats = [
      ['orders', 'Add a CSV export endpoint for orders'],
      [
        'customers',
        `<ide_opened_file>The user opened the file ${src('routes/orders-export.ts')} in the IDE. This may or may not be related to the current task.</ide_opened_file>We need a CSV export for customers too`,
      ],
      ['invoices', 'add a csv export of invoices like the others'],
    ] as const;
    for (const [i, [entity, ask]] of repeats.entries()) {
      const sha = await commit(`src/routes/${entity}-export.ts`, `${entity} export`);
      files[`ex-${i + 1}`] = transcript(`ex-${i + 1}`, repo, at(9 - i * 3), ask, [
        read(src('routes/index.ts')),
        write(src(`routes/${entity}-export.ts`)),
        edit(src('routes/index.ts')),
        bash('npm test -- export', 'Tests: 4 passed'),
        bash(`git commit -am "${entity} export"`, `[main ${sha}] ${entity} export`),
      ]);
    }
    for (const [id, text] of Object.entries(files))
      await writeFile(path.join(project, `${id}.jsonl`), text);

    harness = await startHarness({ env: { MNEMO_TRANSCRIPTS_ROOT: path.join(work, 'projects') } });
    account = await harness.createAccount('learner');
  });

  afterAll(async () => {
    await harness?.stop();
    await rm(work, { recursive: true, force: true });
  });

  const get = (url: string) =>
    harness.http().get(url).set('Authorization', `Bearer ${account.apiKey}`);

  it('gives one failed cluster and one skill candidate, discovered after the ingest run on its own', async () => {
    const ingested = await harness
      .http()
      .post(`/v1/admin/session-ingest?accountId=${account.accountId}`)
      .set('Authorization', `Bearer ${ADMIN_KEY}`);
    expect(ingested.status).toBe(200);
    expect(ingested.body).toMatchObject({ status: 'completed', sessions: 6 });

    const outcomes = await eventually(
      () => get('/v1/sessions?limit=50'),
      (r) => r.body.sessions?.length === 6,
    );
    expect(outcomes.status).toBe(200);
    const clusters = await eventually(
      () => get('/v1/learning/failed-clusters'),
      (r) => r.body.clusters?.[0]?.sessions.length === 3,
    );
    expect(clusters.body.clusters).toHaveLength(1);
    const [cluster] = clusters.body.clusters;
    expect(cluster.sessions.map((s: { sessionId: string }) => s.sessionId).sort()).toEqual([
      'rl-1',
      'rl-2',
      'rl-3',
    ]);
    expect(
      Object.fromEntries(
        cluster.sessions.map((s: { sessionId: string; outcome: string }) => [
          s.sessionId,
          s.outcome,
        ]),
      ),
    ).toEqual({ 'rl-1': 'reverted', 'rl-2': 'abandoned', 'rl-3': 'unknown' });
    expect(cluster.sharedFiles).toContain('src/middleware/rate-limit.ts');

    // no POST /v1/skills/discover: the ingest run's completion chained the discovery
    const candidates = await eventually(
      () => get('/v1/skills/candidates'),
      (r) => r.body.candidates?.length > 0,
    );
    expect(candidates.body.candidates).toHaveLength(1);
    expect(candidates.body.candidates[0].sourceSessionIds).toEqual(['ex-1', 'ex-2', 'ex-3']);
  });

  it('says the cluster in prior_work for the task, and exports the accepted candidate as a SKILL.md', async () => {
    const client = new MnemoClient({
      url: `http://127.0.0.1:${harness.platform.httpPort}`,
      apiKey: account.apiKey,
      timeoutMs: 10_000,
    });
    const text = await priorWork.run({ task: 'rate limiting on the login route' }, { client });
    expect(text).toMatch(/^3 earlier attempts at this failed: ".+"/);
    expect(text).toMatch(/rl-1 \(reverted\)/);

    const [candidate] = (await get('/v1/skills/candidates')).body.candidates;
    const accepted = await harness
      .http()
      .post(`/v1/skills/candidates/${candidate.candidateId}/accept`)
      .set('Authorization', `Bearer ${account.apiKey}`);
    expect(accepted.body.status).toBe('accepted');
    const dir = await mkdtemp(path.join(tmpdir(), 'skills-'));
    try {
      const file = path.join(dir, candidate.name, 'SKILL.md');
      expect(await exportSkills(client, dir)).toEqual([file]);
      const markdown = await readFile(file, 'utf8');
      // Claude Code reads a skill's frontmatter: `name` (lowercase, hyphens) and `description`
      const frontmatter = /^---\nname: ([a-z0-9-]+)\ndescription: (".*")\n---\n/.exec(markdown);
      expect(frontmatter?.[1]).toBe(candidate.name);
      expect(JSON.parse(frontmatter?.[2] ?? 'null')).toMatch(
        /^Use when asked for work like ".*export/i,
      );
      expect(markdown).toContain('Run `npm test -- export`');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('counts the corpus in /v1/stats the same after `mnemo replay --projection all`, and as a recount', async () => {
    const auth = `Bearer ${account.apiKey}`;
    const plan = await harness
      .http()
      .post('/v1/refactor-plans')
      .set('Authorization', auth)
      .send({
        goal: 'Split the routes module',
        steps: ['Move the exports'],
        files: ['src/routes/index.ts'],
      });
    expect(plan.status).toBe(201);
    type Stats = {
      learningCorpus: Record<string, unknown>;
      learningDays: Array<{ failedClusters: number }>;
      sessionIngest: Record<string, unknown>;
    };
    const stats = async () =>
      (await harness.http().get('/v1/stats').set('Authorization', auth)).body as Stats;
    // each figure comes from its own projection (sessions from recall's, plans from the corpus's): read them
    // once every projection has applied the log, so the replay below is compared with a settled count
    const settled = async () => {
      for (const projection of allProjections())
        await eventually(
          () => harness.platform.infra.log.pending('events', `projection-${projection.name}`),
          (n) => n === 0,
        );
    };
    await settled();
    const before = await stats();
    // the recount: what the transcripts and the calls above wrote
    expect(before.learningCorpus).toMatchObject({
      sessionsIngested: 6,
      failedClusters: 1,
      skillCandidates: 1,
      refactorPlans: 1,
      agentQueries: expect.any(Number),
    });
    expect(before.learningCorpus.agentQueries).toBeGreaterThanOrEqual(1);
    // day by day: the cluster counts on the day of its latest attempt (yesterday), within the window
    const clustersByDay = before.learningDays.map((d) => d.failedClusters);
    expect(clustersByDay).toHaveLength(30);
    expect(clustersByDay.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(clustersByDay.slice(-3).reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(before.sessionIngest).toMatchObject({ lastCount: 6, lastError: null });
    expect(before.sessionIngest.lastRunAt).toEqual(expect.any(String));

    await settled();
    const replay = await run(process.execPath, [MNEMO, 'replay', '--projection', 'all'], {
      env: harness.childEnv(),
      timeout: 120_000,
    });
    expect(replay.stdout).toMatch(/learning: \d+ events/);
    const after = await stats();
    expect(after.learningCorpus).toEqual(before.learningCorpus);
    expect(after.learningDays).toEqual(before.learningDays);
    expect(after.sessionIngest).toEqual(before.sessionIngest);
    // and as the rebuilt tables count them
    const { dataSource } = harness.platform.infra;
    const recount = async (table: string, where = 'TRUE') =>
      Number(
        (
          await dataSource.query<Array<{ n: number }>>(
            `SELECT count(*)::int AS n FROM ${table} WHERE account_id = $1 AND ${where}`,
            [account.accountId],
          )
        )[0]?.n,
      );
    expect({
      sessionsIngested: after.learningCorpus.sessionsIngested,
      skillCandidates: after.learningCorpus.skillCandidates,
      refactorPlans: after.learningCorpus.refactorPlans,
      failedClusters: after.learningCorpus.failedClusters,
    }).toEqual({
      sessionsIngested: await recount('recall_sessions'),
      skillCandidates: await recount('learning_skill_candidates', `status <> 'dismissed'`),
      refactorPlans: await recount('learning_refactor_plans'),
      failedClusters: (await get('/v1/learning/failed-clusters')).body.clusters.length,
    });
  });
});
