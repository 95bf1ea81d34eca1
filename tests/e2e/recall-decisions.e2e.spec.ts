import { randomUUID } from 'node:crypto';
import { startFakeAnthropic, textReply, type FakeAnthropic } from '@mnemo/testing';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';

const ACCOUNT_KEY = `sk-ant-api03-${'Rc7'.repeat(12)}Wxyz`;

describe('recall: decisions distilled by the model when MNEMO_DECISIONS_ENABLED opts in', () => {
  let harness: Harness;
  let fake: FakeAnthropic;
  let account: { accountId: string; apiKey: string };
  const auth = () => ({ Authorization: `Bearer ${account.apiKey}` });

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    harness = await startHarness({
      // the session ingest summary is the only trigger here: no pause, so compaction and memory stay quiet
      env: {
        MNEMO_DECISIONS_ENABLED: 'true',
        MNEMO_SECRET_KEY: 'e2e-master-secret-for-recall',
        MNEMO_LLM_MAX_RETRIES: '0',
        ANTHROPIC_API_KEY: '',
        ANTHROPIC_BASE_URL: fake.url,
      },
    });
    account = await harness.createAccount('decisions');
    await harness.http().put('/v1/llm-keys').set(auth()).send({ apiKey: ACCOUNT_KEY }).expect(201);
  });

  afterAll(async () => {
    await harness?.stop();
    await fake?.close();
  });

  it('asks the model in the session pool, labelled decision, and serves what it distilled', async () => {
    fake.script(
      textReply(
        JSON.stringify({
          decisions: [
            {
              topic: 'Redis for the visited ledger',
              stance: 'chose',
              rationale: 'it is ephemeral and shared by every gateway instance',
            },
            {
              topic: 'a Postgres table for the visited ledger',
              stance: 'rejected',
              rationale: 'the ledger must never reach the log',
            },
            { topic: '', stance: 'chose', rationale: 'dropped: no topic' },
          ],
          lessons: ['Keep per-conversation state out of the event log.'],
        }),
        { inputTokens: 700, outputTokens: 90 },
      ),
    );
    const summary = 'We talked through where the visited ledger should live and settled it.';
    await harness
      .http()
      .post('/v1/events')
      .set(auth())
      .send({
        events: [
          {
            id: randomUUID(),
            type: 'SessionOutcomeRecorded',
            sessionId: 'm-1',
            occurredAt: new Date().toISOString(),
            payload: {
              summary,
              firstUserTurn: summary,
              lastAssistantTurn: 'ok',
              filesRead: [],
              filesEdited: ['src/visited.ts'],
              toolsCalled: {},
              commitShas: [],
              outcome: 'merged',
            },
          },
        ],
      })
      .expect(202);

    const body = await eventually(
      async () =>
        (await harness.http().get('/v1/prior-decisions?q=visited%20ledger%20postgres').set(auth()))
          .body,
      (b) => b.decisions?.length === 2,
    );
    expect(
      body.decisions.map((d: { topic: string; stance: string }) => [d.stance, d.topic]).sort(),
    ).toEqual([
      ['chose', 'Redis for the visited ledger'],
      ['rejected', 'a Postgres table for the visited ledger'],
    ]);
    const request = fake.requests.at(-1)!.body as {
      system: unknown;
      messages: Array<{ content: unknown }>;
    };
    expect(String(request.system)).toContain('{"decisions":[{"topic"');
    expect(JSON.stringify(request.messages)).toContain(summary);

    const day = new Date().toISOString().slice(0, 10);
    const costs = await eventually(
      () => harness.http().get(`/v1/costs?from=${day}&to=${day}`).set(auth()),
      (r) => r.status === 200 && r.body.calls === 1,
    );
    expect(costs.body.rows).toEqual([
      expect.objectContaining({
        pool: 'session',
        label: 'decision',
        calls: 1,
        inputTokens: 700,
        outputTokens: 90,
      }),
    ]);
    const lessons = await eventually(
      async () => (await harness.http().get('/v1/prior-work?file=visited.ts').set(auth())).body,
      (b) => b.sessions?.[0]?.lessons?.length > 0,
    );
    expect(lessons.sessions[0].lessons).toEqual([
      'Keep per-conversation state out of the event log.',
    ]);
  });
});
