import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '@mnemo/contracts';
import { startFakeAnthropic, systemOf, textReply, type FakeAnthropic } from '@mnemo/testing';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';

const ACCOUNT_KEY = `sk-ant-api03-${'Qr7'.repeat(12)}Wxyz`;
const TURNS = [
  'My goal is to move into product management next year, ideally inside my current company.',
  'That sounds like a clear direction. What draws you to product work?',
  'I realized that I enjoy talking to customers far more than writing code all day.',
  'What would a first step look like?',
];
const isCompaction = (body: unknown) =>
  systemOf(body).startsWith('You summarize a coaching conversation');

type Account = { accountId: string; apiKey: string };

/**
 * Six quick segment pauses against a compaction cap that fits two calls, through the real SDK and a
 * local fake Messages API. The fake bills each summary at its full output budget, so a
 * call costs about its worst case and exactly two fit, however the pauses interleave. Every pause must
 * end in one outcome, the provider is paid exactly twice, and the four others are cap hits.
 */
describe('a compaction cap that fits two calls, hit by six quick pauses', () => {
  let harness: Harness;
  let fake: FakeAnthropic;
  let providerDelayMs = 0;
  const auth = (account: Account) => ({ Authorization: `Bearer ${account.apiKey}` });

  const session = (sessionId: string) => {
    const end = Date.now();
    return [
      {
        id: randomUUID(),
        type: 'SessionStarted',
        sessionId,
        occurredAt: new Date(end - 3_600_000).toISOString(),
        payload: { source: 'ai-coaching:interview' },
      },
      ...TURNS.map((text, i) => ({
        id: randomUUID(),
        type: 'TurnRecorded',
        sessionId,
        occurredAt: new Date(end - (TURNS.length - i) * 60_000).toISOString(),
        payload: { seq: i + 1, role: i % 2 ? 'assistant' : 'user', text },
      })),
      {
        id: randomUUID(),
        type: 'SegmentPaused',
        sessionId,
        occurredAt: new Date(end).toISOString(),
        payload: { segment: 1 },
      },
    ];
  };
  const post = async (account: Account, events: object[]) => {
    const response = await harness.http().post('/v1/events').set(auth(account)).send({ events });
    expect(response.status).toBe(202);
  };
  const logEvents = async (accountId: string): Promise<StoredEvent[]> => {
    const out: StoredEvent[] = [];
    for await (const batch of harness.platform.infra.log.read('events', 1))
      out.push(...batch.filter((s) => s.event.accountId === accountId));
    return out;
  };
  const worstCaseOfOneCall = async (accountId: string): Promise<number> => {
    const rows: Array<{ amount_usd: string }> = await harness.platform.infra.dataSource.query(
      `SELECT amount_usd FROM cost_reservations WHERE account_id = $1`,
      [accountId],
    );
    return Number(rows[0]?.amount_usd);
  };

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    // A summary is billed at its whole output budget (1,024 tokens): its cost is close to the worst case reserved.
    fake.route((body) =>
      isCompaction(body)
        ? {
            ...textReply('Summary of the talk.', { inputTokens: 10, outputTokens: 1024 }),
            delayMs: providerDelayMs,
          }
        : undefined,
    );
    harness = await startHarness({
      env: {
        MNEMO_SECRET_KEY: 'e2e-master-secret-for-the-cap',
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

  // The harness settles a delivery within MNEMO_ACK_WAIT_MS = 2 s: a provider answering in 5 s outlives it.
  it.each([
    ['answering at once', 0],
    ['answering after more than the ack wait', 5_000],
  ])(
    'with the provider %s, pays for two summaries and records the four other pauses as compaction_cost_cap_hit',
    async (_name, delayMs) => {
      providerDelayMs = delayMs;
      const account = await harness.createAccount('capped');
      expect(
        (await harness.http().put('/v1/llm-keys').set(auth(account)).send({ apiKey: ACCOUNT_KEY }))
          .status,
      ).toBe(201);
      // One probe call on another account measures what one summary reserves.
      const probe = await harness.createAccount('probe');
      providerDelayMs = 0;
      expect(
        (await harness.http().put('/v1/llm-keys').set(auth(probe)).send({ apiKey: ACCOUNT_KEY }))
          .status,
      ).toBe(201);
      await post(probe, session('s-probe'));
      await eventually(
        () => logEvents(probe.accountId),
        (events) => events.some((s) => s.event.type === 'SegmentCompacted'),
        // the whole pipeline (redaction, compaction, a model call) on a loaded machine
        30_000,
      );
      const worstCase = await worstCaseOfOneCall(probe.accountId);
      providerDelayMs = delayMs;

      const capUsd = Number((worstCase * 2.5).toFixed(6));
      const cap = await harness
        .http()
        .put(`/v1/admin/cost-caps/${account.accountId}`)
        .set('Authorization', `Bearer ${ADMIN_KEY}`)
        .send({ pool: 'compaction', capUsd });
      expect(cap.status).toBe(200);
      const before = fake.requests.filter((r) => isCompaction(r.body)).length;
      await Promise.all(Array.from({ length: 6 }, (_, i) => post(account, session(`s-${i}`))));

      const outcomes = await eventually(
        async () =>
          (await logEvents(account.accountId)).filter((s) =>
            ['SegmentCompacted', 'CompactionSkipped', 'CompactionFailed'].includes(s.event.type),
          ),
        (found) => found.length === 6,
        90_000,
      );
      const paid = fake.requests.filter((r) => isCompaction(r.body)).length - before;
      const hits = (await logEvents(account.accountId)).filter(
        (s) =>
          s.event.type === 'FeatureEventRecorded' &&
          (s.event.payload as { action: string }).action === 'compaction_cost_cap_hit',
      );
      const byType = outcomes.reduce<Record<string, number>>(
        (count, s) => ({ ...count, [s.event.type]: (count[s.event.type] ?? 0) + 1 }),
        {},
      );
      expect({ paid, byType, hits: hits.length }).toEqual({
        paid: 2,
        byType: { SegmentCompacted: 2, CompactionSkipped: 4 },
        hits: 4,
      });
      const [pool] = await harness.platform.infra.dataSource.query(
        `SELECT spent_usd, reserved_usd FROM cost_pool_days WHERE account_id = $1 AND pool = 'compaction'`,
        [account.accountId],
      );
      expect(Number(pool.spent_usd)).toBeLessThanOrEqual(capUsd);
    },
    150_000,
  );
});
