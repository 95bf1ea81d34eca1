import { startFakeAnthropic, textReply, type FakeAnthropic } from '@mnemo/testing';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { exportRepeat } from '../support/coding-sessions';
import { eventually } from '../support/servers';

const ACCOUNT_KEY = `sk-ant-api03-${'Sk9'.repeat(12)}Wxyz`;

// the repeats this spec was written against: a route and its registration, no spec file
const repeat = (id: string, day: number, entity: string, task: string) =>
  exportRepeat(id, day, entity, task, false);

const history = [
  ...repeat('ex-1', 2, 'orders', 'Add a CSV export endpoint for orders'),
  ...repeat('ex-2', 7, 'customers', 'We need a CSV export for customers too'),
];
const third = repeat('ex-3', 12, 'invoices', 'add a csv export of invoices like the others');

describe('skill discovery with the model opted in (MNEMO_SKILLS_MODEL_ENABLED)', () => {
  let harness: Harness;
  let fake: FakeAnthropic;

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    harness = await startHarness({
      env: {
        MNEMO_SKILLS_MODEL_ENABLED: 'true',
        MNEMO_SECRET_KEY: 'e2e-master-secret-for-skills',
        MNEMO_LLM_MAX_RETRIES: '0',
        ANTHROPIC_API_KEY: '',
        ANTHROPIC_BASE_URL: fake.url,
      },
    });
  });

  afterAll(async () => {
    await harness?.stop();
    await fake?.close();
  });

  /** An account with its own model key and the two first repeats. */
  async function accountWithHistory(name: string) {
    const account = await harness.createAccount(name);
    const auth = { Authorization: `Bearer ${account.apiKey}` };
    await harness.http().put('/v1/llm-keys').set(auth).send({ apiKey: ACCOUNT_KEY }).expect(201);
    await harness.http().post('/v1/events').set(auth).send({ events: history }).expect(202);
    return { ...account, auth };
  }

  const discover = async (auth: Record<string, string>) => {
    // the corpus reads the sessions once the learning projection has them
    await eventually(
      () => harness.http().get('/v1/learning/failed-clusters').set(auth),
      (r) => r.status === 200,
    );
    return harness.http().post('/v1/skills/discover').set(auth);
  };

  it('words a new candidate with the model in the session pool, labelled skill, and asks once per finding', async () => {
    const { auth } = await accountWithHistory('worded');
    fake.script(
      textReply(
        JSON.stringify({
          name: 'add-csv-export-route',
          description:
            'Adds a CSV export route beside the existing ones and registers it. Use when asked to export a new entity as CSV.',
        }),
        { inputTokens: 400, outputTokens: 60 },
      ),
    );
    const before = fake.requests.length;
    const found = await eventually(
      () => discover(auth),
      (r) => r.body.candidates === 1,
    );
    expect(found.body).toEqual({ candidates: 1, proposed: 1 });
    expect(fake.requests.length).toBe(before + 1);
    const request = JSON.stringify(fake.requests.at(-1)?.body);
    expect(request).toContain('Add a CSV export endpoint for orders');
    expect(request).toContain('src/routes/index.ts');

    const listed = await harness.http().get('/v1/skills/candidates').set(auth);
    expect(listed.body.candidates).toEqual([
      expect.objectContaining({
        name: 'add-csv-export-route',
        description: expect.stringMatching(/^Adds a CSV export route/),
        sourceSessionIds: ['ex-1', 'ex-2'],
        commands: ['npm test -- export'],
      }),
    ]);

    // the same finding again: no call, no proposal
    expect((await discover(auth)).body).toEqual({ candidates: 1, proposed: 0 });
    expect(fake.requests.length).toBe(before + 1);

    const day = new Date().toISOString().slice(0, 10);
    const costs = await eventually(
      () => harness.http().get(`/v1/costs?from=${day}&to=${day}`).set(auth),
      (r) => r.status === 200 && r.body.calls === 1,
    );
    expect(costs.body.rows).toEqual([
      expect.objectContaining({ pool: 'session', label: 'skill', calls: 1 }),
    ]);
  });

  it('keeps the offline wording, without calling the provider, once the session pool is capped', async () => {
    const account = await accountWithHistory('capped');
    const cap = await harness
      .http()
      .put(`/v1/admin/cost-caps/${account.accountId}`)
      .set('Authorization', `Bearer ${ADMIN_KEY}`)
      .send({ pool: 'session', capUsd: 0.000001 });
    expect(cap.status).toBe(200);
    const before = fake.requests.length;
    const found = await eventually(
      () => discover(account.auth),
      (r) => r.body.candidates === 1,
    );
    expect(found.body).toEqual({ candidates: 1, proposed: 1 });
    expect(fake.requests.length).toBe(before);
    const [candidate] = (await harness.http().get('/v1/skills/candidates').set(account.auth)).body
      .candidates;
    expect(candidate.name).toContain('export');
    expect(candidate.description).toMatch(/^Use when asked for work like "/);

    // a third repeat is new work for the candidate: asked again, and refused again by the cap
    await harness.http().post('/v1/events').set(account.auth).send({ events: third }).expect(202);
    const grown = await eventually(
      () => harness.http().post('/v1/skills/discover').set(account.auth),
      (r) => r.body.proposed === 1,
    );
    expect(grown.body.candidates).toBe(1);
    expect(fake.requests.length).toBe(before);
    const day = new Date().toISOString().slice(0, 10);
    // both asks are on the ledger as cap hits, nothing spent
    const costs = await eventually(
      () => harness.http().get(`/v1/costs?from=${day}&to=${day}`).set(account.auth),
      (r) => r.status === 200 && r.body.calls === 2,
    );
    expect(costs.body.rows).toEqual([
      expect.objectContaining({ pool: 'session', label: 'skill', calls: 2, costCapHits: 2 }),
    ]);
    expect(costs.body.totalUsd).toBe(0);
  });
});
