import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { LLM_CLIENT, type LlmClient } from '@mnemo/llm';
import { startFakeAnthropic, textReply, type FakeAnthropic } from '@mnemo/testing';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';

const ACCOUNT_KEY = `sk-ant-api03-${'Zq7'.repeat(12)}WXyz`;

/** The settings the LLM wiring and the ledger read, handed to the platform this file starts. */
const ENV = {
  MNEMO_SECRET_KEY: 'e2e-master-secret-for-llm-keys',
  MNEMO_LLM_MAX_RETRIES: '0',
  MNEMO_COST_LEDGER_TIMEOUT_MS: '5000',
};

describe('LLM spend: a real call reserved, committed and reported', () => {
  let harness: Harness;
  let fake: FakeAnthropic;
  let account: { accountId: string; apiKey: string };
  let llm: LlmClient;
  /** Everything the platform logs, at debug, to prove no key is ever in it. */
  const logLines: string[] = [];
  const logSink = new Writable({
    write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()),
  });
  const auth = (key = account.apiKey) => ({ Authorization: `Bearer ${key}` });
  const call = () =>
    llm.complete({
      account: account.accountId,
      label: 'memory',
      pools: ['session'],
      messages: [{ role: 'user', content: 'I decided to move to Lisbon next spring.' }],
      maxOutputTokens: 256,
      offlineFallback: false,
    });

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    harness = await startHarness({
      env: { ...ENV, ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_API_KEY: '', LOG_LEVEL: 'debug' },
      logDestination: logSink,
    });
    account = await harness.createAccount('spender');
    llm = harness.platform.httpApp!.get<string, LlmClient>(LLM_CLIENT);
  });

  afterAll(async () => {
    await harness?.stop();
    await fake?.close();
  });

  it('stores an account key encrypted and shows it masked only', async () => {
    const put = await harness.http().put('/v1/llm-keys').set(auth()).send({ apiKey: ACCOUNT_KEY });
    expect(put.status).toBe(201);
    expect(put.body).toEqual({
      keyId: expect.stringMatching(/^key_/),
      maskedKey: 'sk-ant-api03-…WXyz',
      active: true,
      createdAt: expect.any(String),
    });
    const list = await harness.http().get('/v1/llm-keys').set(auth());
    expect(list.body).toEqual({ keys: [put.body] });
    expect(JSON.stringify(list.body)).not.toContain(ACCOUNT_KEY.slice(13, 30));

    // Neither the log nor the read model holds the key in the clear.
    const [row] = await harness.platform.infra.dataSource.query(
      'SELECT * FROM llm_keys WHERE account_id = $1',
      [account.accountId],
    );
    expect(JSON.stringify(row)).not.toContain(ACCOUNT_KEY);
    for await (const batch of harness.platform.infra.log.read('events', 1))
      expect(JSON.stringify(batch)).not.toContain(ACCOUNT_KEY);

    // Another account sees none of it.
    const other = await harness.createAccount('bystander');
    await expect(harness.http().get('/v1/llm-keys').set(auth(other.apiKey))).resolves.toMatchObject(
      { status: 200, body: { keys: [] } },
    );
  });

  it('refuses a key that cannot be one', async () => {
    const response = await harness
      .http()
      .put('/v1/llm-keys')
      .set(auth())
      .send({ apiKey: 'has spaces in it' });
    expect(response.status).toBe(400);
    expect(response.body.error.issues[0].path).toBe('body.apiKey');
  });

  it('calls the provider with the account key, commits the real cost and reports it by day, pool and label', async () => {
    fake.script(textReply('Noted: a move to Lisbon.', { inputTokens: 1200, outputTokens: 40 }));
    const result = await call();
    expect(result).toMatchObject({
      ok: true,
      provider: 'anthropic',
      usage: { inputTokens: 1200, outputTokens: 40 },
    });
    const costUsd = (1200 * 1 + 40 * 5) / 1_000_000;
    expect(result.ok && result.costUsd).toBe(costUsd);
    // The stored key, decrypted, reached the provider (this SDK sends it as a bearer token; older ones as x-api-key).
    const headers = fake.requests.at(-1)?.headers ?? {};
    expect(headers['x-api-key'] ?? headers.authorization).toBe(
      headers['x-api-key'] ? ACCOUNT_KEY : `Bearer ${ACCOUNT_KEY}`,
    );

    const day = new Date().toISOString().slice(0, 10);
    const costs = await eventually(
      () => harness.http().get(`/v1/costs?from=${day}&to=${day}`).set(auth()),
      (r) => r.status === 200 && r.body.calls === 1,
    );
    expect(costs.body).toEqual({
      from: day,
      to: day,
      calls: 1,
      totalUsd: costUsd,
      capsUsd: { compaction: 0.5, session: 0.35, profile: 0.15 },
      rows: [
        {
          day,
          pool: 'session',
          label: 'memory',
          calls: 1,
          costCapHits: 0,
          inputTokens: 1200,
          outputTokens: 40,
          costUsd,
        },
      ],
    });
    const [balance] = await harness.platform.infra.dataSource.query(
      `SELECT spent_usd::float8 AS spent, reserved_usd::float8 AS reserved FROM cost_pool_days WHERE account_id = $1 AND pool = 'session'`,
      [account.accountId],
    );
    expect(balance).toEqual({ spent: costUsd, reserved: 0 });

    const admin = await harness
      .http()
      .get(`/v1/admin/costs?from=${day}&to=${day}`)
      .set(auth(ADMIN_KEY));
    expect(admin.status).toBe(200);
    expect(admin.body.rows).toContainEqual(
      expect.objectContaining({
        accountId: account.accountId,
        pool: 'session',
        label: 'memory',
        costUsd,
      }),
    );
    await expect(harness.http().get('/v1/admin/costs').set(auth())).resolves.toMatchObject({
      status: 403,
    });
  });

  it('answers cost_cap once an admin lowers the account cap, without calling the provider', async () => {
    const set = await harness
      .http()
      .put(`/v1/admin/cost-caps/${account.accountId}`)
      .set(auth(ADMIN_KEY))
      .send({ pool: 'session', capUsd: 0.001 });
    expect(set.status).toBe(200);
    expect(set.body.capsUsd.session).toBe(0.001);
    const before = fake.requests.length;
    const result = await call();
    expect(result).toMatchObject({
      ok: false,
      failure: 'cost_cap',
      pool: 'session',
      capUsd: 0.001,
      spentUsd: 0.0014,
    });
    expect(fake.requests.length).toBe(before);
    const day = new Date().toISOString().slice(0, 10);
    const costs = await eventually(
      () => harness.http().get(`/v1/costs?from=${day}&to=${day}`).set(auth()),
      (r) => r.body.rows?.[0]?.costCapHits === 1,
    );
    expect(costs.body).toMatchObject({ calls: 2, totalUsd: 0.0014, capsUsd: { session: 0.001 } });
  });

  it('sums by UTC day, pool and label within the range asked for, and refuses a backwards range', async () => {
    const spender = await harness.createAccount('history');
    const settled = (
      day: string,
      label: 'compaction' | 'profile',
      pools: string[],
      costUsd: number,
      outcome = 'ok',
    ) => ({
      id: randomUUID(),
      type: 'LlmCallSettled',
      version: 1,
      accountId: spender.accountId,
      occurredAt: `${day}T12:00:00.000Z`,
      producer: 'cost-ledger',
      payload: {
        reservationId: randomUUID(),
        pools,
        label,
        model: 'claude-haiku-4-5',
        inputTokens: 1000,
        outputTokens: 100,
        costUsd,
        outcome,
        day,
      },
    });
    const events = [
      settled('2030-03-01', 'compaction', ['compaction', 'session'], 0.01),
      settled('2030-03-01', 'compaction', ['compaction', 'session'], 0.02),
      settled('2030-03-01', 'profile', ['profile'], 0.03),
      settled('2030-03-02', 'profile', ['profile'], 0, 'cost_cap'),
      settled('2030-03-05', 'profile', ['profile'], 0.5),
    ];
    for (const event of events) await harness.platform.infra.log.append('events', event);
    const response = await eventually(
      () => harness.http().get('/v1/costs?from=2030-03-01&to=2030-03-02').set(auth(spender.apiKey)),
      (r) => r.body.calls === 4,
    );
    const row = (
      day: string,
      pool: string,
      label: string,
      calls: number,
      costUsd: number,
      costCapHits = 0,
    ) => ({
      day,
      pool,
      label,
      calls,
      costCapHits,
      inputTokens: 1000 * calls,
      outputTokens: 100 * calls,
      costUsd,
    });
    expect(response.body).toMatchObject({
      from: '2030-03-01',
      to: '2030-03-02',
      calls: 4,
      // Each call counted once in the total, though a compaction summary shows under two pools.
      totalUsd: 0.06,
      rows: [
        row('2030-03-01', 'compaction', 'compaction', 2, 0.03),
        row('2030-03-01', 'profile', 'profile', 1, 0.03),
        row('2030-03-01', 'session', 'compaction', 2, 0.03),
        row('2030-03-02', 'profile', 'profile', 1, 0, 1),
      ],
    });
    const backwards = await harness
      .http()
      .get('/v1/costs?from=2030-03-02&to=2030-03-01')
      .set(auth(spender.apiKey));
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.issues[0]).toMatchObject({ path: 'query.from' });
  });

  it('records a call the provider rate-limited as rate_limited at $0, its hold lifted, and logs no key on the way', async () => {
    fake.script(
      { kind: 'status', status: 429, retryAfterMs: 5 },
      { kind: 'status', status: 401, message: 'invalid x-api-key' },
    );
    const profileCall = () =>
      llm.complete({
        account: account.accountId,
        label: 'profile',
        pools: ['profile'],
        messages: [{ role: 'user', content: 'Profile me.' }],
        maxOutputTokens: 64,
        offlineFallback: false,
      });
    await expect(profileCall()).resolves.toMatchObject({
      ok: false,
      failure: 'rate_limited',
      status: 429,
    });
    await expect(profileCall()).resolves.toMatchObject({
      ok: false,
      failure: 'api_error',
      status: 401,
    });
    const rows = await eventually(
      (): Promise<Array<{ outcome: string; cost_usd: string }>> =>
        harness.platform.infra.dataSource.query(
          `SELECT outcome, cost_usd FROM cost_entries WHERE account_id = $1 AND label = 'profile' ORDER BY occurred_at`,
          [account.accountId],
        ),
      (r) => r.length === 2,
    );
    expect(rows).toEqual([
      { outcome: 'rate_limited', cost_usd: '0.000000' },
      { outcome: 'api_error', cost_usd: '0.000000' },
    ]);
    const [balance] = await harness.platform.infra.dataSource.query(
      `SELECT spent_usd::float8 AS spent, reserved_usd::float8 AS reserved FROM cost_pool_days WHERE account_id = $1 AND pool = 'profile'`,
      [account.accountId],
    );
    expect(balance).toEqual({ spent: 0, reserved: 0 });

    // The platform logged these calls (and every request before them) without the key in any form.
    expect(logLines.join('')).toContain('rate limiting');
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.join('')).not.toContain(ACCOUNT_KEY.slice(13, 40));
  });

  it('serves recorded feature events by action', async () => {
    const recorded = {
      id: randomUUID(),
      type: 'FeatureEventRecorded',
      version: 1,
      accountId: account.accountId,
      occurredAt: '2030-02-01T12:00:00.000Z',
      producer: 'compaction',
      payload: {
        name: 'compaction',
        action: 'compaction_cost_cap_hit',
        metadata: { spentUsd: 0.5, capUsd: 0.5 },
      },
    };
    await harness.platform.infra.log.append('events', recorded);
    const response = await eventually(
      () => harness.http().get('/v1/telemetry?action=compaction_cost_cap_hit').set(auth()),
      (r) => r.body.events?.length === 1,
    );
    expect(response.body.events).toEqual([
      {
        id: recorded.id,
        name: 'compaction',
        action: 'compaction_cost_cap_hit',
        metadata: { spentUsd: 0.5, capUsd: 0.5 },
        occurredAt: recorded.occurredAt,
      },
    ]);
    await expect(
      harness.http().get('/v1/telemetry?action=memory_cost_cap_hit').set(auth()),
    ).resolves.toMatchObject({ body: { events: [] } });
  });
});
