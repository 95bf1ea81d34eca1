import { randomUUID } from 'node:crypto';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';

type Account = { accountId: string; apiKey: string };

/**
 * Health details, as a person would meet them on the offline adapter: a plain session mentions a medication;
 * with the health module off nothing of it reaches the memory block or CLAUDE.md from any source
 * (facts, recall line, summaries); the extractor proposes it; with the module on the next turn's block
 * asks about it once, as a question; a confirmation makes it a fact.
 */
describe('health details: proposed, gated in every context, offered once', () => {
  let harness: Harness;
  let person: Account;
  const SESSION = 's-health';
  const auth = (account: Account) => ({ Authorization: `Bearer ${account.apiKey}` });
  const get = (url: string) => harness.http().get(url).set(auth(person));
  const SENSITIVE_WORDS = /metformin|diabetes/i;

  beforeAll(async () => {
    harness = await startHarness({
      target: 'gateway,redaction,cost-ledger,ingest,compaction,memory,context',
    });
    person = await harness.createAccount('health-gating');
    const turns = [
      [
        'I want to run a marathon next spring, so I am building up my weekly mileage slowly.',
        'A spring marathon is a great goal; slow mileage growth keeps injuries away.',
      ],
      [
        'I take metformin every day for my type 2 diabetes.',
        'Good to know; we can plan fuelling on long runs around that.',
      ],
      [
        'My partner and I moved to Porto last year and I work there as a product designer.',
        'Porto has lovely riverside routes for training.',
      ],
      [
        'I would like to keep Sundays free for long runs by the river.',
        'Sundays for long runs it is.',
      ],
    ];
    const start = Date.parse('2026-11-20T09:00:00Z');
    const at = (n: number) => new Date(start + n * 60_000).toISOString();
    const events = [
      {
        id: randomUUID(),
        type: 'SessionStarted',
        sessionId: SESSION,
        occurredAt: at(0),
        payload: { source: 'ai-coaching:check-in', title: 'Weekly check-in' },
      },
      ...turns.flatMap(([user, assistant], i) => [
        {
          id: randomUUID(),
          type: 'TurnRecorded',
          sessionId: SESSION,
          occurredAt: at(2 * i + 1),
          payload: { seq: 2 * i + 1, role: 'user', text: user },
        },
        {
          id: randomUUID(),
          type: 'TurnRecorded',
          sessionId: SESSION,
          occurredAt: at(2 * i + 2),
          payload: { seq: 2 * i + 2, role: 'assistant', text: assistant },
        },
      ]),
      {
        id: randomUUID(),
        type: 'SegmentPaused',
        sessionId: SESSION,
        occurredAt: at(10),
        payload: { segment: 1 },
      },
    ];
    const posted = await harness.http().post('/v1/events').set(auth(person)).send({ events });
    expect(posted.status).toBe(202);
  });
  afterAll(async () => harness?.stop());

  const pendingProposals = async () =>
    (await get('/v1/proposals')).body.proposals as Array<{
      id: string;
      content: string;
      offeredAt: string | null;
    }>;

  it('proposes the medication instead of storing it, and keeps it out of every context while the module is off', async () => {
    const proposals = await eventually(
      pendingProposals,
      (list) => list.some((p) => SENSITIVE_WORDS.test(p.content)),
      60_000,
    );
    expect(
      proposals.filter((p) => SENSITIVE_WORDS.test(p.content)).every((p) => p.offeredAt === null),
    ).toBe(true);
    await eventually(
      () => get(`/v1/sessions/${SESSION}/summary`),
      (r) => r.status === 200,
      60_000,
    );
    // A later summary that does name the medication, as a model's summary of the session would: the recall
    // line is made of it, so the block must drop that sentence and keep the rest.
    await harness.platform.infra.log.append('events', {
      id: randomUUID(),
      type: 'SegmentCompacted',
      version: 1,
      accountId: person.accountId,
      sessionId: SESSION,
      occurredAt: new Date().toISOString(),
      producer: 'test',
      payload: {
        segment: 2,
        summary:
          'They are training for a spring marathon. They take metformin every day for type 2 diabetes. Sundays are for long runs.',
        inputTokens: 0,
        outputTokens: 0,
        model: 'test',
      },
    });
    const memories = await eventually(
      () => get('/v1/memories'),
      (r) => r.body.memories?.length > 0,
      60_000,
    );
    expect(
      memories.body.memories.map((m: { content: string }) => m.content).join('\n'),
    ).not.toMatch(SENSITIVE_WORDS);

    const block = await eventually(
      () => get('/v1/context/memory-block'),
      (r) => r.status === 200 && /Recently:.*spring marathon/.test(r.body.text),
      30_000,
    );
    expect(block.body.text).toContain('Sundays are for long runs.');
    expect(block.body.text).not.toMatch(SENSITIVE_WORDS);
    expect(block.body.telemetry).toMatchObject({ proposalOffered: false });
    expect(block.body.telemetry.sensitiveWithheld).toBeGreaterThan(0);

    const claudeMd = await get(`/v1/context/claude-md?sessionId=${SESSION}&format=json`);
    expect(claudeMd.status).toBe(200);
    expect(claudeMd.body.markdown).toContain('#### Personal Context');
    const personal = claudeMd.body.markdown.split('#### Personal Context')[1].split('\n#')[0];
    expect(personal).not.toMatch(SENSITIVE_WORDS);
  });

  it('with the module on, asks about a waiting proposal once, as a question; a confirmation makes it a fact', async () => {
    const put = await harness
      .http()
      .put('/v1/account/settings')
      .set(auth(person))
      .send({ healthModuleOn: true, medicationsModuleOn: true });
    expect(put.status).toBe(200);
    const asked = await eventually(
      () => get('/v1/context/memory-block'),
      (r) => r.body.telemetry?.proposalOffered === true,
      30_000,
    );
    const question =
      /Not a fact yet, ask the person once whether to remember it:\n- Should I remember that: "([^"]+)"\?/.exec(
        asked.body.text,
      );
    expect(question).not.toBeNull();
    const offered = (await pendingProposals()).find((p) => p.content === question![1]);
    expect(offered).toBeDefined();

    // Recorded as offered (ProposalOffered, written by the context), so the following turns no longer ask.
    await eventually(
      pendingProposals,
      (list) => list.find((p) => p.id === offered!.id)?.offeredAt != null,
      30_000,
    );
    const next = await eventually(
      () => get('/v1/context/memory-block'),
      (r) => !r.body.text.includes(question![1]),
      30_000,
    );
    expect(next.body.text).not.toContain('Should I remember that: "' + question![1]);

    // The confirmation reads the proposal as stored; the request carries no text to take instead.
    const confirmed = await harness
      .http()
      .post(`/v1/proposals/${offered!.id}/confirm`)
      .set(auth(person))
      .send({ content: 'Something else entirely.' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.memory).toMatchObject({
      content: question![1],
      confirmed: true,
      sensitive: true,
    });
    const withFact = await eventually(
      () => get('/v1/context/memory-block'),
      (r) => r.body.text.includes(`${question![1]} (confirmed)`),
      30_000,
    );
    expect(withFact.body.text).not.toContain('Something else entirely.');
  });
});
