import { priorWork, refactorPlans } from '@mnemo/agent-tools';
import { MnemoClient } from '@mnemo/mnemo-client';
import { replayProjection } from '@mnemo/persistence';
import { learningProjection } from '@mnemo/recall-service';
import { startHarness, type Harness } from '../support/platform-harness';
import { firstItems } from '@mnemo/testing';

const REPO = '/home/dev/shop';

describe('refactor plans: recorded, listed, said by prior_work while open, replayed', () => {
  let harness: Harness;
  let apiKey: string;
  let client: MnemoClient;

  beforeAll(async () => {
    harness = await startHarness();
    ({ apiKey } = await harness.createAccount('plans'));
    client = new MnemoClient({
      url: `http://127.0.0.1:${harness.platform.httpPort}`,
      apiKey,
      timeoutMs: 10_000,
    });
  });

  afterAll(async () => {
    await harness?.stop();
  });

  const auth = () => `Bearer ${apiKey}`;
  const rows = async () =>
    harness.platform.infra.dataSource.query<Array<Record<string, unknown>>>(
      `SELECT plan_id, project, goal, steps, files, status, recorded_in_session, updated_at
       FROM learning_refactor_plans WHERE goal LIKE 'Split the routes%' ORDER BY plan_id`,
    );

  it('refuses a plan without a goal or with too many steps, naming the field and why', async () => {
    const noGoal = await harness
      .http()
      .post('/v1/refactor-plans')
      .set('Authorization', auth())
      .send({ steps: ['Move the order routes'] });
    expect(noGoal.status).toBe(400);
    expect(noGoal.body.error.issues[0]).toMatchObject({ path: 'body.goal' });
    expect(noGoal.body.error.issues[0].reason).toEqual(expect.any(String));
    const tooMany = await harness
      .http()
      .post('/v1/refactor-plans')
      .set('Authorization', auth())
      .send({ goal: 'Split it', steps: Array.from({ length: 51 }, (_, i) => `step ${i}`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.issues[0].path).toBe('body.steps');
    const badStatus = await harness
      .http()
      .get('/v1/refactor-plans')
      .query({ status: 'finished' })
      .set('Authorization', auth());
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error.issues[0].path).toBe('query.status');
  });

  it('records a plan, lists it open, and prior_work names it for a file it touches until it is done', async () => {
    const recorded = await harness
      .http()
      .post('/v1/refactor-plans')
      .set('Authorization', auth())
      .send({
        goal: 'Split the routes module by resource',
        steps: ['Move the order routes', 'Move the customer routes', 'Delete the old index'],
        files: ['src/routes/index.ts', 'src/routes/orders.ts'],
        project: REPO,
        sessionId: 'plan-s1',
      });
    expect(recorded.status).toBe(201);
    const plan = recorded.body;
    expect(plan).toMatchObject({
      status: 'open',
      project: REPO,
      recordedInSession: 'plan-s1',
      files: ['src/routes/index.ts', 'src/routes/orders.ts'],
    });

    const open = await harness
      .http()
      .get('/v1/refactor-plans')
      .query({ status: 'open', project: REPO })
      .set('Authorization', auth());
    expect(open.body.plans.map((p: { planId: string }) => p.planId)).toEqual([plan.planId]);

    // asked by the file's end, from the same repository: the open plan comes with the answer
    const byFile = await harness
      .http()
      .get('/v1/prior-work')
      .query({ file: 'routes/orders.ts', project: REPO })
      .set('Authorization', auth());
    expect(byFile.status).toBe(200);
    expect(byFile.body.refactorPlans.map((p: { planId: string }) => p.planId)).toEqual([
      plan.planId,
    ]);
    // a file the plan does not touch, or another repository: not named
    const other = await harness
      .http()
      .get('/v1/prior-work')
      .query({ file: 'src/session.ts' })
      .set('Authorization', auth());
    expect(other.body.refactorPlans).toEqual([]);
    const elsewhere = await harness
      .http()
      .get('/v1/prior-work')
      .query({ file: 'src/routes/index.ts', project: '/home/dev/blog' })
      .set('Authorization', auth());
    expect(elsewhere.body.refactorPlans).toEqual([]);

    const said = await priorWork.run({ file: 'src/routes/index.ts' }, { client, project: REPO });
    expect(said).toMatch(/^An open refactor plan touches this file:\n1\. Split the routes module/);
    expect(said).toContain(`id ${plan.planId}`);

    // the agent marks the first step done by rewriting the steps, then the plan done
    const listed = await refactorPlans.run({ action: 'list' }, { client, project: REPO });
    expect(listed).toContain('Split the routes module by resource [open]');
    const updated = await refactorPlans.run(
      { action: 'update', planId: plan.planId, steps: ['Move the customer routes'] },
      { client },
    );
    expect(updated).toContain('steps: (1) Move the customer routes');
    const done = await harness
      .http()
      .patch(`/v1/refactor-plans/${plan.planId}`)
      .set('Authorization', auth())
      .send({ status: 'done' });
    expect(done.body).toMatchObject({ status: 'done', steps: ['Move the customer routes'] });

    const afterDone = await harness
      .http()
      .get('/v1/prior-work')
      .query({ file: 'routes/orders.ts', project: REPO })
      .set('Authorization', auth());
    expect(afterDone.body.refactorPlans).toEqual([]);
    expect(
      (
        await harness
          .http()
          .get('/v1/refactor-plans')
          .query({ status: 'open' })
          .set('Authorization', auth())
      ).body.plans,
    ).toEqual([]);
    expect(
      await priorWork.run({ file: 'src/routes/index.ts' }, { client, project: REPO }),
    ).not.toContain('refactor plan');

    const missing = await harness
      .http()
      .patch('/v1/refactor-plans/plan_nope')
      .set('Authorization', auth())
      .send({ status: 'done' });
    expect(missing.status).toBe(404);
    const empty = await harness
      .http()
      .patch(`/v1/refactor-plans/${plan.planId}`)
      .set('Authorization', auth())
      .send({});
    expect(empty.status).toBe(400);
    expect(empty.body.error.issues[0].path).toBe('body.status');
  });

  it('records a plan through the MCP tool, counts plans in /v1/stats, and a replay gives the same rows', async () => {
    const recorded = await refactorPlans.run(
      {
        action: 'record',
        goal: 'Split the routes handlers into one file each',
        steps: ['Move the handlers'],
        files: ['src/routes/handlers.ts'],
      },
      { client, project: REPO, sessionId: () => 'plan-s2' },
    );
    expect(recorded).toMatch(
      /^Recorded:\n1\. Split the routes handlers into one file each \[open\]/,
    );
    const stats = async () =>
      (await harness.http().get('/v1/stats').set('Authorization', auth())).body.learningCorpus;
    const before = await rows();
    expect(before).toHaveLength(2);
    expect((await stats()).refactorPlans).toBe(2);
    // day by day: both were recorded today, the window's last day
    const days = (await harness.http().get('/v1/stats').set('Authorization', auth())).body
      .learningDays as Array<{ refactorPlans: number }>;
    expect(days).toHaveLength(30);
    expect(days[days.length - 1]?.refactorPlans).toBe(2);

    const { dataSource, log } = harness.platform.infra;
    await replayProjection(dataSource, log, learningProjection);
    expect(await rows()).toEqual(before);
    const [account] = firstItems(
      await dataSource.query<Array<{ account_id: string }>>(
        `SELECT DISTINCT account_id FROM learning_refactor_plans WHERE recorded_in_session = 'plan-s2'`,
      ),
      1,
    );
    const [recount] = firstItems(
      await dataSource.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM learning_refactor_plans WHERE account_id = $1`,
        [account.account_id],
      ),
      1,
    );
    expect((await stats()).refactorPlans).toBe(recount.n);
  });
});
