import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '@mnemo/contracts';
import { checksumProjection, replayProjection, waitForCheckpoint } from '@mnemo/persistence';
import {
  CostCapRetrySweep,
  lifeInventoryProjection,
  parseProfileConfig,
  profileProjection,
  ProfileSynthesisService,
} from '@mnemo/profile-service';
import { insightProjection } from '@mnemo/insight-service';
import { contextProjection } from '@mnemo/context-service';
import { createLogger, createPlatformLlm } from '@mnemo/platform-service';
import {
  firstItems,
  startFakeAnthropic,
  systemOf,
  textReply,
  type FakeAnthropic,
} from '@mnemo/testing';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';

const ACCOUNT_KEY = `sk-ant-api03-${'Pr7'.repeat(12)}Qxyz`;
const ENV = {
  MNEMO_SECRET_KEY: 'e2e-master-secret-for-profile',
  MNEMO_LLM_MAX_RETRIES: '0',
  MNEMO_COST_LEDGER_TIMEOUT_MS: '5000',
  ANTHROPIC_API_KEY: '',
};
/** Words of the profile's and the insight detection's system prompts: how the fake tells the callers apart. */
const PROFILE_PROMPT = 'core profile of a coaching client';
const INSIGHT_PROMPT = 'find insights that span a pair';

type Account = { accountId: string; apiKey: string };
const userText = (body: unknown) =>
  String((body as { messages: Array<{ content: string }> }).messages[0]?.content ?? '');

/**
 * The profile and insight services through the real Anthropic SDK against the fake Messages API, every
 * service running: thresholds, staleness, the cost-cap block with its retry time, refresh, the retry
 * after the cap resets, insights dismissed and deleted for good, and a replay with no model call.
 */
describe('core profile and insights through the provider', () => {
  let harness: Harness;
  let fake: FakeAnthropic;
  let account: Account;
  let profileVersion = 0;
  const auth = (a: Account = account) => ({ Authorization: `Bearer ${a.apiKey}` });
  const get = (url: string, a: Account = account) => harness.http().get(url).set(auth(a));
  const post = (url: string, body: object = {}, a: Account = account) =>
    harness.http().post(url).set(auth(a)).send(body);
  const setProfileCap = async (capUsd: number) => {
    const set = await harness
      .http()
      .put(`/v1/admin/cost-caps/${account.accountId}`)
      .set({ Authorization: `Bearer ${ADMIN_KEY}` })
      .send({ pool: 'profile', capUsd });
    expect(set.status).toBe(200);
  };
  let minute = 0;
  const save = async (artifactId: string, title: string, content: string) => {
    minute += 1;
    const event = {
      id: randomUUID(),
      type: 'ArtifactSaved',
      sessionId: `s-${artifactId}`,
      occurredAt: new Date(Date.UTC(2026, 10, 2, 9, minute)).toISOString(),
      payload: { artifactId, title, content },
    };
    expect((await post('/v1/events', { events: [event] })).status).toBe(202);
    return event.id;
  };
  const logEvents = async (type: string): Promise<StoredEvent[]> => {
    const out: StoredEvent[] = [];
    for await (const batch of harness.platform.infra.log.read('events', 1))
      out.push(
        ...batch.filter((s) => s.event.accountId === account.accountId && s.event.type === type),
      );
    return out;
  };
  const telemetry = async (action: string) =>
    (await logEvents('FeatureEventRecorded')).filter(
      (s) => (s.event.payload as { action: string }).action === action,
    );
  /** The reactors have answered the save: the profile with its telemetry, the insight detection (with another artifact to compare) with its own. */
  const reacted = (saveId: string, producers = ['profile', 'insight']) =>
    eventually(
      async () =>
        (await logEvents('FeatureEventRecorded'))
          .filter((s) => s.event.causationId === saveId)
          .map((s) => s.event.producer),
      (seen) => producers.every((p) => seen.includes(p)),
    );
  const callsTo = (prompt: string, from = 0) =>
    fake.requests.slice(from).filter((r) => systemOf(r.body).includes(prompt)).length;
  const profileText = (n: number) =>
    `**Themes and values:**\n- Family first; craft over money (v${n}).\n**Open questions:**\n- Bakery or bank?`;

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    fake.route((body) => {
      const system = systemOf(body);
      if (system.includes(PROFILE_PROMPT))
        return textReply(profileText(++profileVersion), { inputTokens: 1200, outputTokens: 60 });
      if (system.includes(INSIGHT_PROMPT)) {
        const focus = /@artifact \{"id":"([^"]+)"/.exec(userText(body))?.[1];
        const insights =
          focus && focus !== 'a-1'
            ? [
                {
                  kind: 'theme',
                  summary: `Family keeps coming back (${focus}).`,
                  artifactA: 'a-1',
                  artifactB: focus,
                },
              ]
            : [];
        return textReply(JSON.stringify({ insights }), { inputTokens: 900, outputTokens: 40 });
      }
      return textReply(JSON.stringify({ facts: [] }), { inputTokens: 100, outputTokens: 5 });
    });
    harness = await startHarness({ env: { ...ENV, ANTHROPIC_BASE_URL: fake.url } });
    account = await harness.createAccount('keyed-profile');
    expect(
      (await harness.http().put('/v1/llm-keys').set(auth()).send({ apiKey: ACCOUNT_KEY })).status,
    ).toBe(201);
  });
  afterAll(async () => {
    await harness?.stop();
    await fake?.close();
  });

  it('makes no profile call under three artifacts, then one profile and one insight call for the third save', async () => {
    await reacted(await save('a-1', 'Career History', 'My family comes first. I work at a bank.'), [
      'profile',
    ]);
    await reacted(await save('a-2', 'Core Values', 'Family and craft matter to me.'));
    expect(callsTo(PROFILE_PROMPT)).toBe(0);
    expect((await telemetry('core_profile_skipped')).map((s) => s.event.payload)).toEqual(
      [1, 2].map((artifactCount) => ({
        name: 'profile',
        action: 'core_profile_skipped',
        metadata: { artifactCount, reason: 'below_threshold' },
      })),
    );

    const before = fake.requests.length;
    await reacted(
      await save('a-3', 'Money and Risk', 'I decided to save a year of expenses first.'),
    );
    expect([callsTo(PROFILE_PROMPT, before), callsTo(INSIGHT_PROMPT, before)]).toEqual([1, 1]);
    const profile = await eventually(
      () => get('/v1/profile'),
      (r) => r.body.text !== null,
    );
    expect(profile.body).toEqual({
      text: profileText(1),
      generatedAt: expect.any(String),
      artifactCount: 3,
      isStale: false,
      blocked: null,
    });
    expect((await telemetry('core_profile_generated')).map((s) => s.event.payload)).toEqual([
      {
        name: 'profile',
        action: 'core_profile_generated',
        metadata: {
          artifactCount: 3,
          profileChars: profileText(1).length,
          inputTokens: 1200,
          outputTokens: 60,
        },
      },
    ]);
    // The call read every artifact.
    const call = fake.requests
      .slice(before)
      .find((r) => systemOf(r.body).includes(PROFILE_PROMPT))!;
    for (const id of ['a-1', 'a-2', 'a-3']) expect(userText(call.body)).toContain(`"id":"${id}"`);

    const markdown = await eventually(
      async () => (await get('/v1/context/claude-md?sessionId=s-new')).text,
      (text) => text.includes('(v1)'),
    );
    expect(markdown.indexOf('#### Core Profile')).toBeGreaterThan(
      markdown.indexOf('## What You Already Know'),
    );
    expect(markdown).toContain(
      '- Family keeps coming back (a-3). *(Career History ↔ Money and Risk)*',
    );
  });

  it('keeps the profile but marks it stale and blocked by the cost cap, with the retry at the next UTC midnight', async () => {
    await setProfileCap(0.000001);
    const before = fake.requests.length;
    const saveId = await save('a-4', 'Turning Point', 'I want to open a bakery with my sister.');
    await reacted(saveId);
    expect(callsTo(PROFILE_PROMPT, before)).toBe(0);
    const [blocked] = firstItems(
      (await logEvents('ProfileRegenerationBlocked')).filter((s) => s.event.causationId === saveId),
      1,
    );
    const midnight = new Date(blocked.event.occurredAt);
    midnight.setUTCHours(24, 0, 0, 0);
    expect(
      (
        await eventually(
          () => get('/v1/profile'),
          (r) => r.body.blocked !== null,
        )
      ).body,
    ).toEqual({
      text: profileText(1),
      generatedAt: expect.any(String),
      artifactCount: 3,
      isStale: true,
      blocked: { reason: 'cost_cap', retryAt: midnight.toISOString() },
    });
    expect(
      (await telemetry('core_profile_skipped'))
        .map((s) => (s.event.payload as { metadata: object }).metadata)
        .at(-1),
    ).toEqual({ artifactCount: 4, reason: 'cost_cap' });
    expect(
      (await telemetry('memory_feedback_eligible')).map(
        (s) => (s.event.payload as { metadata: object }).metadata,
      ),
    ).toEqual([
      { sessionId: 's-a-3', artifactCount: 3, hadCoreProfile: false },
      { sessionId: 's-a-4', artifactCount: 4, hadCoreProfile: true },
    ]);
  });

  it('clears the block on refresh and regenerates now', async () => {
    await setProfileCap(0.15);
    const refreshed = await post('/v1/profile/refresh');
    expect([refreshed.status, refreshed.body.blocked]).toEqual([202, null]);
    const profile = await eventually(
      () => get('/v1/profile'),
      (r) => r.body.text === profileText(2),
    );
    expect(profile.body).toMatchObject({ artifactCount: 4, isStale: false, blocked: null });
  });

  it('drops from Personal Context a memory the synthesized profile already states', async () => {
    for (const content of ['bakery or bank?', 'Walks the dog every evening.']) {
      expect((await post('/v1/memories', { content, category: 'Facts' })).status).toBe(201);
    }
    const markdown = await eventually(
      async () => (await get('/v1/context/claude-md?sessionId=s-memories')).text,
      (text) => text.includes('Walks the dog every evening.'),
    );
    const personal = markdown.slice(markdown.indexOf('#### Personal Context'));
    expect(markdown.indexOf('#### Personal Context')).toBeGreaterThan(
      markdown.indexOf('#### Core Profile'),
    );
    expect(personal.slice(0, personal.indexOf('\n#', 5))).not.toMatch(/bakery or bank/i);
    expect(markdown).toContain('- Bakery or bank?');
  });

  it('retries a cost-capped profile automatically once UTC midnight has passed, and not before', async () => {
    await setProfileCap(0.000001);
    await reacted(await save('a-5', 'Plans', 'I want to test the bakery at the market.'));
    const blocked = (
      await eventually(
        () => get('/v1/profile'),
        (r) => r.body.blocked !== null,
      )
    ).body.blocked as { reason: string; retryAt: string };
    expect(blocked.reason).toBe('cost_cap');
    await setProfileCap(0.15);

    const { log, dataSource, cache } = harness.platform.infra;
    const logger = createLogger('silent', 'test');
    const env = harness.childEnv({ ...ENV, ANTHROPIC_BASE_URL: fake.url });
    const config = parseProfileConfig(env);
    const synthesis = new ProfileSynthesisService(
      log,
      dataSource,
      cache,
      createPlatformLlm(harness.platform.infra, logger, env),
      logger,
      config,
    );
    const sweep = new CostCapRetrySweep(dataSource, logger, config, synthesis);
    await expect(sweep.sweep(new Date(Date.parse(blocked.retryAt) - 1))).resolves.toBe(0);
    expect((await get('/v1/profile')).body.blocked).toEqual(blocked);
    await expect(sweep.sweep(new Date(blocked.retryAt))).resolves.toBe(1);
    expect((await get('/v1/profile')).body).toMatchObject({
      text: profileText(3),
      artifactCount: 5,
      isStale: false,
      blocked: null,
    });
  });

  it('lists insights with their pair, and never brings back one dismissed or deleted', async () => {
    const listed = (
      await eventually(
        () => get('/v1/insights'),
        (r) => r.body.insights.length === 4,
      )
    ).body.insights as Array<{
      id: string;
      summary: string;
      artifacts: Array<{ id: string; title: string }>;
    }>;
    expect(listed.map((i) => i.summary).sort()).toEqual(
      ['a-2', 'a-3', 'a-4', 'a-5'].map((id) => `Family keeps coming back (${id}).`),
    );
    const [dismissed, deleted] = [
      listed.find((i) => i.summary.includes('a-2'))!,
      listed.find((i) => i.summary.includes('a-3'))!,
    ];
    expect(dismissed.artifacts).toEqual([
      { id: 'a-1', title: 'Career History' },
      { id: 'a-2', title: 'Core Values' },
    ]);
    expect((await post(`/v1/insights/${dismissed.id}/dismiss`)).status).toBe(200);
    expect((await harness.http().delete(`/v1/insights/${deleted.id}`).set(auth())).status).toBe(
      204,
    );

    // The same pairs are detected again when their artifacts are saved again: still gone.
    await reacted(await save('a-2', 'Core Values', 'Family and craft matter to me, still.'));
    await reacted(
      await save('a-3', 'Money and Risk', 'I decided to save a year of expenses first, still.'),
    );
    // Read once the insight read model has applied everything logged so far.
    await waitForCheckpoint(
      harness.platform.infra.dataSource,
      insightProjection.name,
      await harness.platform.infra.log.lastSeq('events'),
      10_000,
    );
    const ids = ((await get('/v1/insights')).body.insights as Array<{ id: string }>).map(
      (i) => i.id,
    );
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(dismissed.id);
    expect(ids).not.toContain(deleted.id);
    const markdown = (await get('/v1/context/claude-md?sessionId=s-new')).text;
    expect(markdown).not.toContain('(a-2). *(');
    expect(markdown).not.toContain('(a-3). *(');
  });

  it('replays profile, staleness, blocks and insights to the live checksums with no model call', async () => {
    const { dataSource, log } = harness.platform.infra;
    const projections = [
      profileProjection,
      lifeInventoryProjection,
      insightProjection,
      contextProjection,
    ];
    // The live checksums are of the whole log: read once the projections (and memory's, which records the
    // saves still to extract) have applied it, no save waits for its extraction (a 3 s debounce), and
    // nothing was appended meanwhile; what the earlier tests' reactors append later is checked below.
    const settled = await eventually(
      async () => {
        const before = await log.lastSeq('events');
        for (const name of [...projections.map((p) => p.name), 'memory'])
          expect([name, await waitForCheckpoint(dataSource, name, before, 30_000)]).toEqual([
            name,
            true,
          ]);
        const [waiting] = await dataSource.query(
          `SELECT count(*)::int AS n FROM artifact_extractions
           WHERE extractable AND settled_event_id IS DISTINCT FROM saved_event_id`,
        );
        const sums = await Promise.all(projections.map((p) => checksumProjection(dataSource, p)));
        return { sums, before, waiting: waiting.n, after: await log.lastSeq('events') };
      },
      ({ before, waiting, after }) => before === after && waiting === 0,
      60_000,
    );
    const live = settled.sums;
    const lastSeq = settled.after;
    const calls = fake.requests.length;
    const view = (await get('/v1/profile')).body;
    for (const projection of projections) await replayProjection(dataSource, log, projection);
    // The replay appends nothing. The earlier tests' context reads may still be recording what they served
    // (telemetry goes in batches up to 200 ms after the answer, served memories are stamped after it): only those may follow.
    const appended: string[] = [];
    for await (const batch of log.read('events', lastSeq + 1, 500))
      appended.push(...batch.map((s) => `${s.event.producer} ${s.event.type}`));
    expect(
      appended.filter(
        (e) => e !== 'context FeatureEventRecorded' && e !== 'context MemoryFactUsed',
      ),
    ).toEqual([]);
    expect(await Promise.all(projections.map((p) => checksumProjection(dataSource, p)))).toEqual(
      live,
    );
    expect(fake.requests.length).toBe(calls);
    expect((await get('/v1/profile')).body).toEqual(view);
  });
});
