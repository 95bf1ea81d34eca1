import { randomUUID } from 'node:crypto';
import { startFakeAnthropic, systemOf, textReply, type FakeAnthropic } from '@mnemo/testing';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';

const ACCOUNT_KEY = `sk-ant-api03-${'Pq7'.repeat(12)}Wxyz`;

const ENV = {
  MNEMO_SECRET_KEY: 'e2e-master-secret-for-extraction-plans',
  MNEMO_LLM_MAX_RETRIES: '0',
  MNEMO_COST_LEDGER_TIMEOUT_MS: '5000',
  MNEMO_MEMORY_QUIET_SWEEP_MS: '300',
  ANTHROPIC_API_KEY: '',
};

type Account = { accountId: string; apiKey: string };
type Plan = { id: string; title: string; status: string; measure: unknown };

/**
 * Quiet-time extraction proposes plans beside facts (docs/day-series.md, "Plans from extraction"):
 * offline from a clear stated intention with a measurable daily target, and with the model, which is
 * asked for `{"plans":[…]}`; both under propose_plan's limits.
 */
describe('plans from quiet-time extraction', () => {
  let harness: Harness;
  let fake: FakeAnthropic;
  const auth = (account: Account) => ({ Authorization: `Bearer ${account.apiKey}` });

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    harness = await startHarness({
      target: 'gateway,redaction,cost-ledger,ingest,memory,context',
      env: { ...ENV, ANTHROPIC_BASE_URL: fake.url },
    });
  });
  afterAll(async () => {
    await harness?.stop();
    await fake?.close();
  });

  /** A health-coaching session whose turns ended an hour ago: quiet, so the sweep extracts it. */
  const quietSession = async (account: Account, sessionId: string, texts: string[]) => {
    const endAt = Date.now() - 60 * 60_000;
    const events = [
      {
        id: randomUUID(),
        type: 'SessionStarted',
        sessionId,
        occurredAt: new Date(endAt - 3_600_000).toISOString(),
        payload: { source: 'health-coach' },
      },
      ...texts.map((text, i) => ({
        id: randomUUID(),
        type: 'TurnRecorded',
        sessionId,
        occurredAt: new Date(endAt - (texts.length - i) * 60_000).toISOString(),
        payload: { seq: i + 1, role: i % 2 ? 'assistant' : 'user', text },
      })),
    ];
    const posted = await harness.http().post('/v1/events').set(auth(account)).send({ events });
    expect(posted.status).toBe(202);
  };
  const plans = async (account: Account): Promise<Plan[]> =>
    (await harness.http().get('/v1/plans').set(auth(account))).body.plans;
  const quietDone = (account: Account, sessionId: string) =>
    eventually(
      () =>
        harness.platform.infra.dataSource.query(
          `SELECT count(*)::int AS n FROM quiet_extractions WHERE account_id = $1 AND session_id = $2`,
          [account.accountId, sessionId],
        ),
      (rows: Array<{ n: number }>) => rows.some((r) => r.n > 0),
      60_000,
    );

  it('offline: proposes a step plan from "I want to walk 8,000 steps a day", measured in steps', async () => {
    const account = await harness.createAccount('plans-offline');
    await quietSession(account, 's-walk', [
      'I want to walk 8,000 steps a day.',
      'Good aim. Mornings or evenings?',
    ]);
    const [plan] = await eventually(
      () => plans(account),
      (list) => list.length > 0,
      60_000,
    );
    expect(plan).toMatchObject({
      id: 'plan:s-walk:1',
      title: 'Walk 8,000 steps a day',
      status: 'proposed',
      measure: { metric: 'steps', unit: 'steps', target: 8000, direction: 'at_least' },
    });
  });

  it('offline: proposes none while three plans are open; the facts are still kept', async () => {
    const account = await harness.createAccount('plans-full');
    const open = ['Stretch every morning', 'Two litres of water', 'In bed by eleven'].flatMap(
      (title, i) => [
        {
          id: randomUUID(),
          type: 'TurnRecorded',
          sessionId: 's-earlier',
          occurredAt: new Date(Date.now() - 5 * 3_600_000 + i * 60_000).toISOString(),
          payload: { seq: i + 1, role: 'user', text: `Let's plan: ${title}.` },
        },
        {
          id: randomUUID(),
          type: 'PlanProposed',
          sessionId: 's-earlier',
          occurredAt: new Date(Date.now() - 5 * 3_600_000 + i * 60_000 + 1).toISOString(),
          payload: { planId: `open-${i}`, title },
        },
      ],
    );
    const posted = await harness
      .http()
      .post('/v1/events')
      .set(auth(account))
      .send({ events: open });
    expect(posted.status).toBe(202);
    await eventually(
      () => plans(account),
      (list) => list.length === 3,
      30_000,
    );
    await quietSession(account, 's-full', [
      'I want to walk 9,000 steps a day. I live in Porto.',
      'Noted.',
    ]);
    await quietDone(account, 's-full');
    expect((await plans(account)).map((p) => p.id).sort()).toEqual(['open-0', 'open-1', 'open-2']);
    const memories = await harness
      .http()
      .get('/v1/memories?category=All&pageSize=100')
      .set(auth(account));
    expect(JSON.stringify(memories.body.memories)).toMatch(/Porto/);
  });

  it('with the model: asks for {"plans":[…]} and proposes the plan it lists', async () => {
    const account = await harness.createAccount('plans-model');
    const put = await harness
      .http()
      .put('/v1/llm-keys')
      .set(auth(account))
      .send({ apiKey: ACCOUNT_KEY });
    expect(put.status).toBe(201);
    fake.route((body) =>
      systemOf(body).includes('durable facts')
        ? textReply(
            JSON.stringify({
              facts: [
                {
                  factType: 'goal',
                  content: 'Wants to sleep eight hours a night before the spring race.',
                  confidence: 'high',
                  sourceTurns: [1],
                },
              ],
              plans: [
                {
                  title: 'Sleep 8 hours a night',
                  steps: ['Screens off at ten', 'Lights out by eleven'],
                  measure: { metric: 'sleep_hours', unit: 'h', target: 8, direction: 'at_least' },
                  sourceTurns: [1],
                },
                // the other speaker's turn: not a plan of the person's
                { title: 'Walk 5,000 steps a day', sourceTurns: [2] },
              ],
            }),
            { inputTokens: 900, outputTokens: 150 },
          )
        : undefined,
    );
    const before = fake.requests.length;
    await quietSession(account, 's-sleep', [
      'I have been staying up far too late scrolling and I feel it on my morning runs; before the spring race I am going to get my sleep back to eight hours a night, every night of the week.',
      'That is a clear target. Walking more in the evening may help you wind down, maybe five thousand steps a day.',
    ]);
    const [plan] = await eventually(
      () => plans(account),
      (list) => list.length > 0,
      60_000,
    );
    expect(plan).toMatchObject({
      id: 'plan:s-sleep:1',
      title: 'Sleep 8 hours a night',
      status: 'proposed',
      steps: ['Screens off at ten', 'Lights out by eleven'],
      measure: { metric: 'sleep_hours', unit: 'h', target: 8, direction: 'at_least' },
    });
    await quietDone(account, 's-sleep');
    expect(await plans(account)).toHaveLength(1);
    const asked = fake.requests.slice(before).map((r) => systemOf(r.body));
    const extraction = asked.find((system) => system.includes('durable facts'));
    expect(extraction).toContain('"plans":[{"title"');
    expect(extraction).toContain('Also list under "plans" each intention the person states');
    expect(extraction).toContain('{"facts": [ ... ], "plans": [ ... ]}');
    fake.route(null);
  });
});
