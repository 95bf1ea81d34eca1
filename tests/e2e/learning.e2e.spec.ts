import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { priorWork, skillCandidates } from '@mnemo/agent-tools';
import { MnemoClient } from '@mnemo/mnemo-client';
import { replayProjection } from '@mnemo/persistence';
import { learningProjection, recallProjection } from '@mnemo/recall-service';
import { exportSkills } from '../../services/platform/src/skills/skills.command';
import { startHarness, type Harness } from '../support/platform-harness';
import { exportRepeat, session } from '../support/coding-sessions';
import { eventually } from '../support/servers';
import { firstItems, itemAt } from '@mnemo/testing';

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
      ...exportRepeat('ex-1', 2, 'orders', 'Add a CSV export endpoint for orders'),
      ...exportRepeat('ex-2', 7, 'customers', 'We need a CSV export for customers too'),
      ...exportRepeat('ex-3', 12, 'invoices', 'add a csv export of invoices like the others'),
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

  it('proposes the three repeats of one task as a skill; a person accepts it and it exports as a SKILL.md', async () => {
    const auth = `Bearer ${apiKey}`;
    await eventually(clusters, (r) => r.body.clusters?.length > 0);
    const discovered = await harness.http().post('/v1/skills/discover').set('Authorization', auth);
    expect(discovered.body).toEqual({ candidates: 1, proposed: 1 });
    // the same finding again is the same event: nothing new
    const again = await harness.http().post('/v1/skills/discover').set('Authorization', auth);
    expect(again.body).toEqual({ candidates: 1, proposed: 0 });
    const listed = await harness.http().get('/v1/skills/candidates').set('Authorization', auth);
    expect(listed.body.candidates).toHaveLength(1);
    const [candidate] = listed.body.candidates;
    expect(candidate).toMatchObject({
      status: 'proposed',
      sourceSessionIds: ['ex-1', 'ex-2', 'ex-3'],
      files: expect.arrayContaining(['src/routes/index.ts']),
      commands: ['npm test -- export'],
    });
    expect(candidate.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(candidate.name).toContain('export');
    expect(candidate.steps).toContain('Run `npm test -- export`');

    const client = new MnemoClient({ url: baseUrl, apiKey, timeoutMs: 10_000 });
    const dir = await mkdtemp(path.join(tmpdir(), 'skills-'));
    try {
      // nothing accepted yet: nothing written
      expect(await exportSkills(client, dir)).toEqual([]);
      const edited = await harness
        .http()
        .patch(`/v1/skills/candidates/${candidate.candidateId}`)
        .set('Authorization', auth)
        .send({ name: 'add-csv-export' });
      expect(edited.body).toMatchObject({ name: 'add-csv-export', edited: true });
      const badName = await harness
        .http()
        .patch(`/v1/skills/candidates/${candidate.candidateId}`)
        .set('Authorization', auth)
        .send({ name: 'Add CSV Export' });
      expect(badName.status).toBe(400);
      const text = await skillCandidates.run(
        { action: 'accept', candidateId: candidate.candidateId },
        { client },
      );
      expect(text).toMatch(/^Accepted:\n1\. add-csv-export \[accepted\]/);
      const file = itemAt(await exportSkills(client, dir), 0);
      expect(file).toBe(path.join(dir, 'add-csv-export', 'SKILL.md'));
      const markdown = await readFile(file, 'utf8');
      const frontmatter = /^---\nname: (.+)\ndescription: (.+)\n---\n/.exec(markdown);
      expect(frontmatter?.[1]).toBe('add-csv-export');
      expect(JSON.parse(frontmatter?.[2] ?? 'null')).toContain('3 merged sessions');
      // a new discovery keeps the person's name and decision
      await harness.http().post('/v1/skills/discover').set('Authorization', auth);
      const kept = await harness
        .http()
        .get(`/v1/skills/candidates/${candidate.candidateId}`)
        .set('Authorization', auth);
      expect(kept.body).toMatchObject({ name: 'add-csv-export', status: 'accepted' });
      const dismissed = await harness
        .http()
        .post(`/v1/skills/candidates/${candidate.candidateId}/dismiss`)
        .set('Authorization', auth);
      expect(dismissed.body.status).toBe('dismissed');
      const missing = await harness
        .http()
        .post('/v1/skills/candidates/sk_nope/accept')
        .set('Authorization', auth);
      expect(missing.status).toBe(404);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('counts the corpus in /v1/stats, and the counters equal a recount after a replay', async () => {
    const auth = `Bearer ${apiKey}`;
    const [account] = firstItems(
      await harness.platform.infra.dataSource.query<Array<{ account_id: string }>>(
        `SELECT DISTINCT account_id FROM learning_sessions WHERE session_id = 'rl-1'`,
      ),
      1,
    );
    const [candidate] = (
      await harness.http().get('/v1/skills/candidates').set('Authorization', auth)
    ).body.candidates;
    await harness
      .http()
      .post(`/v1/skills/candidates/${candidate.candidateId}/accept`)
      .set('Authorization', auth);
    await harness.publish(
      {
        accountId: account.account_id,
        type: 'LogTemplateSeen',
        payload: {
          project: 'shop',
          sourceId: 'journald',
          templateId: '0123456789abcdef',
          template: 'connect ECONNREFUSED <*>',
          firstSeenAt: '2026-11-20T10:00:00.000Z',
        },
      },
      ['learning'],
    );
    const stats = async () =>
      (await harness.http().get('/v1/stats').set('Authorization', auth)).body as {
        learningCorpus: Record<string, unknown>;
        sessionIngest: Record<string, unknown>;
      };
    const before = await stats();
    expect(before.learningCorpus).toMatchObject({
      sessionsIngested: 8,
      failedClusters: 1,
      skillCandidates: 1,
      logFacts: 1,
    });
    // the harness runs with the transcript loop off: no next run
    expect(before.sessionIngest).toMatchObject({
      enabled: false,
      nextRunAt: null,
      lastRunAt: null,
    });

    const { dataSource, log } = harness.platform.infra;
    await replayProjection(dataSource, log, learningProjection);
    await replayProjection(dataSource, log, recallProjection);
    const after = await stats();
    const recount = async (sql: string) =>
      Number((await dataSource.query<Array<{ n: number }>>(sql, [account.account_id]))[0]?.n);
    expect({
      sessionsIngested: after.learningCorpus.sessionsIngested,
      skillCandidates: after.learningCorpus.skillCandidates,
      logFacts: after.learningCorpus.logFacts,
      failedClusters: after.learningCorpus.failedClusters,
    }).toEqual({
      sessionsIngested: await recount(
        `SELECT count(*)::int AS n FROM recall_sessions WHERE account_id = $1`,
      ),
      skillCandidates: await recount(
        `SELECT count(*)::int AS n FROM learning_skill_candidates WHERE account_id = $1 AND status <> 'dismissed'`,
      ),
      logFacts: await recount(
        `SELECT count(*)::int AS n FROM learning_log_templates WHERE account_id = $1`,
      ),
      failedClusters: (await clusters()).body.clusters.length,
    });
    expect(after.learningCorpus).toEqual(before.learningCorpus);
  });
});
