import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '@mnemo/contracts';
import { checksumProjection, replayProjection, waitForCheckpoint } from '@mnemo/persistence';
import { lifeInventoryProjection, profileProjection } from '@mnemo/profile-service';
import { insightProjection } from '@mnemo/insight-service';
import { contextLifeInventoryProjection, contextProjection } from '@mnemo/context-service';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';
import { firstItems, itemAt } from '@mnemo/testing';

type Account = { accountId: string; apiKey: string };

/** Three artifacts of one person, in the order they were saved; the fourth changes their mind about the bank. */
const ARTIFACTS = [
  {
    artifactId: 'career',
    title: 'Career Reflection',
    content:
      'My goal is to open a bakery. I value stability for my kids. I love baking bread on Sunday mornings. I want to stay at the bank for the pension.',
  },
  {
    artifactId: 'family',
    title: 'Family Values',
    content:
      'My wife is a nurse and works night shifts. Family dinners are important to me. Could I run a bakery and still be home for dinner?',
  },
  {
    artifactId: 'money',
    title: 'Money and Risk',
    content:
      'I decided to save a year of expenses first. Baking is where I feel creative, yet money worries me. I want to test the bakery at the farmers market.',
  },
  {
    artifactId: 'turning',
    title: 'Turning Point',
    content:
      'I no longer want to stay at the bank. Baking bread for the farmers market felt like home.',
  },
];

/**
 * The profile, insight and life inventory services on the real servers with the offline adapter (no
 * key anywhere): the profile and the insights are the offline rules' own, deterministic. Memory runs
 * elsewhere, so the profile reads the artifacts only.
 */
describe('profile, insights and life inventory, offline', () => {
  let harness: Harness;
  let account: Account;
  const auth = (a: Account = account) => ({ Authorization: `Bearer ${a.apiKey}` });
  const get = (url: string, a: Account = account) => harness.http().get(url).set(auth(a));
  const post = (url: string, body: object = {}, a: Account = account) =>
    harness.http().post(url).set(auth(a)).send(body);
  let minute = 0;
  const save = async (artifact: (typeof ARTIFACTS)[number], a: Account = account) => {
    minute += 1;
    const event = {
      id: randomUUID(),
      type: 'ArtifactSaved',
      sessionId: `s-${artifact.artifactId}`,
      occurredAt: new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString(),
      payload: artifact,
    };
    const response = await post('/v1/events', { events: [event] }, a);
    expect(response.status).toBe(202);
    return event.id;
  };
  const logEvents = async (accountId: string, type: string): Promise<StoredEvent[]> => {
    const out: StoredEvent[] = [];
    for await (const batch of harness.platform.infra.log.read('events', 1))
      out.push(...batch.filter((s) => s.event.accountId === accountId && s.event.type === type));
    return out;
  };
  const telemetry = async (accountId: string, action: string) =>
    (await logEvents(accountId, 'FeatureEventRecorded'))
      .map((s) => s.event.payload as { action: string; metadata: Record<string, unknown> })
      .filter((p) => p.action === action);
  /** The profile reactor answers every save with at least one event; wait for the one caused by `saveId`. */
  const profileReacted = (saveId: string) =>
    eventually(
      async () =>
        (await logEvents(account.accountId, 'FeatureEventRecorded')).some(
          (s) => s.event.causationId === saveId && s.event.producer === 'profile',
        ),
      Boolean,
    );
  const claudeMd = async (sessionId = 's-free') =>
    (await get(`/v1/context/claude-md?sessionId=${sessionId}`)).text;

  beforeAll(async () => {
    harness = await startHarness({
      target: 'gateway,redaction,cost-ledger,ingest,context,profile,insight',
      env: { ANTHROPIC_API_KEY: '' },
    });
    account = await harness.createAccount('offline-profile');
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('skips the profile below three artifacts, then puts the offline profile at the top of What You Already Know', async () => {
    await profileReacted(await save(itemAt(ARTIFACTS, 0)));
    await profileReacted(await save(itemAt(ARTIFACTS, 1)));
    expect(await telemetry(account.accountId, 'core_profile_skipped')).toEqual(
      [
        {
          action: 'core_profile_skipped',
          metadata: { artifactCount: 1, reason: 'below_threshold' },
        },
        {
          action: 'core_profile_skipped',
          metadata: { artifactCount: 2, reason: 'below_threshold' },
        },
      ].map((p) => ({ name: 'profile', ...p })),
    );
    expect((await get('/v1/profile')).body).toEqual({
      text: null,
      generatedAt: null,
      artifactCount: 0,
      isStale: false,
      blocked: null,
    });

    await save(itemAt(ARTIFACTS, 2));
    const profile = await eventually(
      () => get('/v1/profile'),
      (r) => r.body.text !== null,
    );
    expect(profile.body).toEqual({
      text: expect.any(String),
      generatedAt: expect.any(String),
      artifactCount: 3,
      isStale: false,
      blocked: null,
    });
    expect(profile.body.text).toBe(
      [
        '**Themes and values:**',
        '- Keeps coming back to bakery.',
        '- Cares about family dinners.',
        '- Values stability for their kids.',
        '**Goals:**',
        '- Wants to test the bakery at the farmers market (Money and Risk).',
        '- Their goal is to open a bakery (Career Reflection).',
        '**Key facts:**',
        '- Decided to save a year of expenses first.',
        '- Their wife is a nurse and works night shifts.',
        '- Loves baking bread on Sunday mornings.',
        '- Wants to stay at the bank for the pension.',
        '**Tensions:**',
        '- Baking is where they feel creative, yet money worries them.',
        '**Open questions:**',
        '- Could they run a bakery and still be home for dinner?',
      ].join('\n'),
    );
    const [generated] = firstItems(await telemetry(account.accountId, 'core_profile_generated'), 1);
    expect(generated.metadata).toEqual({
      artifactCount: 3,
      profileChars: profile.body.text.length,
      inputTokens: 0,
      outputTokens: 0,
    });
    expect(await telemetry(account.accountId, 'memory_feedback_eligible')).toEqual([
      {
        name: 'profile',
        action: 'memory_feedback_eligible',
        metadata: { sessionId: 's-money', artifactCount: 3, hadCoreProfile: false },
      },
    ]);

    const markdown = await eventually(
      () => claudeMd(),
      (text) => text.includes('Keeps coming back to bakery'),
    );
    const known = markdown.indexOf('## What You Already Know');
    const core = markdown.indexOf('#### Core Profile');
    expect(known).toBeGreaterThanOrEqual(0);
    expect(core).toBeGreaterThan(known);
    // Nothing but the preamble sits between the section's heading and the profile.
    expect(markdown.slice(known, core).match(/^#{2,4} /gm)).toEqual(['## ']);
    expect(markdown).toContain(profile.body.text.split('\n').slice(-1)[0]);
  });

  it('finds a theme and an evolution between the newest artifact and an older one, shown with their pair in CLAUDE.md', async () => {
    const saveId = await save(itemAt(ARTIFACTS, 3));
    const insights = await eventually(
      () => get('/v1/insights'),
      (r) => r.body.insights.some((i: { kind: string }) => i.kind === 'evolution'),
    );
    const evolution = insights.body.insights.find((i: { kind: string }) => i.kind === 'evolution');
    expect(evolution).toEqual({
      id: expect.any(String),
      kind: 'evolution',
      summary:
        'On bank, the stance moved from "I want to stay at the bank for the pension" to "I no longer want to stay at the bank".',
      artifacts: [
        { id: 'career', title: 'Career Reflection' },
        { id: 'turning', title: 'Turning Point' },
      ],
      detectedAt: expect.any(String),
    });
    const markdown = await eventually(
      () => claudeMd(),
      (text) => text.includes('#### Cross-Artifact Insights'),
    );
    expect(markdown).toContain(`- ${evolution.summary} *(Career Reflection ↔ Turning Point)*`);
    // The fourth save regenerated the profile offline: fresh again, and it read four artifacts.
    await profileReacted(saveId);
    expect((await get('/v1/profile')).body).toMatchObject({
      artifactCount: 4,
      isStale: false,
      blocked: null,
    });
  });

  it('keeps a dismissed or deleted insight out for good, even when the pair is saved again', async () => {
    const listed = (await get('/v1/insights')).body.insights as Array<{
      id: string;
      kind: string;
      artifacts: Array<{ id: string }>;
    }>;
    const evolution = listed.find((i) => i.kind === 'evolution')!;
    const other = listed.find((i) => i.id !== evolution.id)!;
    expect((await post(`/v1/insights/${evolution.id}/dismiss`)).status).toBe(200);
    expect((await harness.http().delete(`/v1/insights/${other.id}`).set(auth())).status).toBe(204);
    expect((await harness.http().delete(`/v1/insights/${other.id}`).set(auth())).status).toBe(404);
    const stranger = await harness.createAccount('stranger');
    expect((await post(`/v1/insights/${evolution.id}/dismiss`, {}, stranger)).status).toBe(404);
    expect((await get('/v1/insights', stranger)).body).toEqual({ insights: [] });

    const left = (await get('/v1/insights')).body.insights.map((i: { id: string }) => i.id);
    expect(left).not.toContain(evolution.id);
    expect(left).not.toContain(other.id);
    // The same artifacts saved again: the detection runs again and finds the same pairs.
    const before = (await telemetry(account.accountId, 'insights_detected')).length;
    await save({ ...itemAt(ARTIFACTS, 3), content: `${ARTIFACTS[3]?.content} ` });
    await eventually(
      () => telemetry(account.accountId, 'insights_detected'),
      (rows) => rows.length > before,
    );
    await waitForCheckpoint(
      harness.platform.infra.dataSource,
      insightProjection.name,
      await harness.platform.infra.log.lastSeq('events'),
      10_000,
    );
    const after = (await get('/v1/insights')).body.insights.map((i: { id: string }) => i.id);
    expect(after).not.toContain(evolution.id);
    expect(after).not.toContain(other.id);
    const markdown = await claudeMd();
    expect(markdown).not.toContain('the stance moved from');
  });

  describe('life inventory', () => {
    const rateAll = async (takeId: string, ratings: Record<string, number>) => {
      const response = await post(`/v1/life-inventory/takes/${takeId}/ratings`, {
        ratings: Object.entries(ratings).map(([itemId, rating]) => ({ itemId, rating })),
      });
      expect([response.status, response.body]).toEqual([200, { takeId, ratings }]);
    };
    const wheel = (career: number, finances: number) => ({
      'career.1': career,
      'career.2': career,
      'finances.1': finances,
      'finances.2': finances,
      'health.1': 6,
    });

    it('keeps one take in progress per type, and the summary shows the trend since the last take', async () => {
      const catalog = await get('/v1/life-inventory/catalog');
      expect(
        catalog.body.inventoryTypes.map((t: { inventoryType: string }) => t.inventoryType),
      ).toEqual(['life-wheel', 'values']);
      const first = await post('/v1/life-inventory/takes', { inventoryType: 'life-wheel' });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ inventoryType: 'life-wheel', status: 'in_progress' });
      const second = await post('/v1/life-inventory/takes', { inventoryType: 'life-wheel' });
      expect([second.status, second.body.error.code]).toEqual([409, 'conflict']);
      expect(
        (await post('/v1/life-inventory/takes', { inventoryType: 'tarot' })).body.error.issues,
      ).toEqual([{ path: 'body.inventoryType', reason: 'unknown inventory type "tarot"' }]);
      const outOfScale = await post(`/v1/life-inventory/takes/${first.body.takeId}/ratings`, {
        ratings: [{ itemId: 'career.1', rating: 11 }],
      });
      expect(outOfScale.body.error.issues).toEqual([
        { path: 'body.ratings.0.rating', reason: 'must be between 1 and 10' },
      ]);

      await rateAll(first.body.takeId, wheel(4, 7));
      const done = await post(`/v1/life-inventory/takes/${first.body.takeId}/complete`);
      expect([done.status, done.body.status, done.body.scores]).toEqual([
        200,
        'completed',
        { 'Career satisfaction': 4, 'Financial stability': 7, 'Health and energy': 6 },
      ]);
      expect((await get('/v1/life-inventory/summary')).body.summary).not.toContain(
        'Trends since last take',
      );

      const next = await post('/v1/life-inventory/takes', { inventoryType: 'life-wheel' });
      await rateAll(next.body.takeId, wheel(7, 5));
      await post(`/v1/life-inventory/takes/${next.body.takeId}/complete`);
      const summary = await get('/v1/life-inventory/summary');
      expect(summary.body.summary).toMatch(
        /^Life satisfaction wheel \(\d{4}-\d\d-\d\d\): Career satisfaction 7, Financial stability 5, Health and energy 6\nTrends since last take: Career satisfaction improved; Financial stability worsened$/,
      );
      expect(summary.body.chars).toBe(summary.body.summary.length);

      // The summary goes into CLAUDE.md for coaching sessions (source `ai-coaching:…`), not free-form ones (docs/context.md).
      const coaching = await eventually(
        async () =>
          (await get('/v1/context/claude-md?sessionId=s-coach&source=ai-coaching:life-review'))
            .text,
        (text) => text.includes('Trends since last take'),
      );
      expect(coaching).toContain(`#### Life Inventory\n\n${summary.body.summary}\n`);
      const freeForm = await claudeMd();
      expect(freeForm).toContain('## What You Already Know');
      expect(freeForm).not.toContain('#### Life Inventory');
      expect(freeForm).not.toContain('Life satisfaction wheel');
    });

    /** An account of its own whose inventory has `count` long categories, taken twice with every score moving by 7. */
    const longSummary = async (count: number) => {
      const owner = await harness.createAccount(`long-${count}`);
      const categories = Array.from({ length: count }, (_, i) => ({
        id: `c${i}`,
        name: `A rather long category name number ${i} about life`,
        items: [{ id: `c${i}.1`, text: `Item ${i}` }],
      }));
      const defined = await post(
        '/v1/life-inventory/types',
        { inventoryType: 'long', title: 'Long inventory', scale: { min: 1, max: 10 }, categories },
        owner,
      );
      expect(defined.status).toBe(201);
      for (const rating of [2, 9]) {
        const take = await post('/v1/life-inventory/takes', { inventoryType: 'long' }, owner);
        await post(
          `/v1/life-inventory/takes/${take.body.takeId}/ratings`,
          { ratings: categories.map((c) => ({ itemId: c.items[0]?.id, rating })) },
          owner,
        );
        await post(`/v1/life-inventory/takes/${take.body.takeId}/complete`, {}, owner);
      }
      return (await get('/v1/life-inventory/summary', owner)).body.summary as string;
    };

    it('drops the trend line first when the summary would pass 800 characters', async () => {
      const summary = await longSummary(12);
      expect(summary).toMatch(
        /^Long inventory \(\d{4}-\d\d-\d\d\): A rather long category name number 0 about life 9, .* number 11 about life 9$/,
      );
      expect(summary.length).toBeLessThanOrEqual(800);
    });

    it('cuts a base summary longer than 800 characters with …', async () => {
      const summary = await longSummary(20);
      expect(summary.length).toBe(800);
      expect(summary.endsWith('…')).toBe(true);
      expect(summary).not.toContain('Trends since last take');
    });

    const EXPORT = [
      '# My life wheel (exported)',
      '',
      '| Category | Item | Rating |',
      '| --- | --- | --- |',
      '| Career satisfaction | I find my work meaningful. | **8** |',
      '| Career satisfaction | My work uses my strengths. | *6* |',
      '| Financial stability | I feel secure about money | 3 |',
      '| Home | My home supports me. | 7 |',
      '| Fun | I don\u2019t have a hobby | 2 |',
    ].join('\n');

    it('previews an import without writing, then commits it as one completed take, refused while a take is in progress', async () => {
      const takesBefore = (await get('/v1/life-inventory/takes')).body.takes.length;
      const preview = await post('/v1/life-inventory/import/preview', { content: EXPORT });
      expect([preview.status, preview.body]).toEqual([
        200,
        {
          inventoryType: 'life-wheel',
          matchedCount: 4,
          unmatchedCount: 1,
          rows: [
            {
              line: 5,
              category: 'Career satisfaction',
              item: 'I find my work meaningful.',
              rating: 8,
              matched: true,
              itemId: 'career.1',
            },
            {
              line: 6,
              category: 'Career satisfaction',
              item: 'My work uses my strengths.',
              rating: 6,
              matched: true,
              itemId: 'career.2',
            },
            {
              line: 7,
              category: 'Financial stability',
              item: 'I feel secure about money',
              rating: 3,
              matched: true,
              itemId: 'finances.1',
            },
            {
              line: 8,
              category: 'Home',
              item: 'My home supports me.',
              rating: 7,
              matched: true,
              itemId: 'environment.1',
            },
            {
              line: 9,
              category: 'Fun',
              item: 'I don\u2019t have a hobby',
              rating: 2,
              matched: false,
              itemId: null,
            },
          ],
        },
      ]);
      expect((await get('/v1/life-inventory/takes')).body.takes).toHaveLength(takesBefore);

      const open = await post('/v1/life-inventory/takes', { inventoryType: 'life-wheel' });
      const refused = await post('/v1/life-inventory/import/commit', { content: EXPORT });
      expect([refused.status, refused.body.error.code]).toEqual([409, 'conflict']);
      expect((await get('/v1/life-inventory/takes')).body.takes).toHaveLength(takesBefore + 1);
      await rateAll(open.body.takeId, { 'health.1': 5 });
      await post(`/v1/life-inventory/takes/${open.body.takeId}/complete`);

      const committed = await post('/v1/life-inventory/import/commit', {
        inventoryType: 'life-wheel',
        content: EXPORT,
      });
      expect(committed.status).toBe(201);
      expect(committed.body.take).toMatchObject({
        status: 'completed',
        imported: true,
        scores: { 'Career satisfaction': 7, 'Financial stability': 3, 'Home and environment': 7 },
      });
      const changes = (await logEvents(account.accountId, 'InventoryTakeCompleted')).filter(
        (s) => (s.event.payload as { imported?: boolean }).imported,
      );
      expect(changes.map((s) => s.event.payload)).toEqual([
        {
          takeId: committed.body.take.takeId,
          inventoryType: 'life-wheel',
          imported: true,
          scores: committed.body.take.scores,
          ratings: { 'career.1': 8, 'career.2': 6, 'finances.1': 3, 'environment.1': 7 },
        },
      ]);
    });

    it('answers 400 naming the bad row of a malformed table, and 413 past 5 MB', async () => {
      const malformed = await post('/v1/life-inventory/import/preview', {
        content:
          '| Item | Rating |\n|---|---|\n| I feel secure about money | 4 |\n| I like where I live. | lots |',
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.issues).toEqual([
        { path: 'body.content', reason: 'row at line 4: rating "lots" is not a number' },
      ]);
      const huge = await post('/v1/life-inventory/import/commit', {
        content: `| I like where I live. | 4 |\n${'x'.repeat(5 * 1024 * 1024)}`,
      });
      expect(huge.status).toBe(413);
    });
  });

  it("replays the profile, life inventory, insight and context read models (the context's own life inventory copy too) to the live checksums, with no model call and no new event", async () => {
    const { dataSource, log } = harness.platform.infra;
    const projections = [
      profileProjection,
      lifeInventoryProjection,
      insightProjection,
      contextProjection,
      contextLifeInventoryProjection,
    ];
    const lastSeq = await log.lastSeq('events');
    const live = await Promise.all(projections.map((p) => checksumProjection(dataSource, p)));
    for (const table of [
      'profile_core',
      'profile_artifacts',
      'life_inventory_takes',
      'life_inventory_ratings',
      'insight_items',
      'context_inventory_takes',
      'context_inventory_types',
    ]) {
      const sums = live.find((_, i) => projections[i]?.tables.includes(table))!;
      expect(Number(sums[table]?.split(':')[0])).toBeGreaterThan(0);
    }
    for (const projection of projections) await replayProjection(dataSource, log, projection);
    expect(await Promise.all(projections.map((p) => checksumProjection(dataSource, p)))).toEqual(
      live,
    );
    expect(await log.lastSeq('events')).toBe(lastSeq);
    expect((await get('/v1/profile')).body).toMatchObject({
      artifactCount: 4,
      isStale: false,
      blocked: null,
    });
  });
});
