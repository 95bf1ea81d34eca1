import { randomUUID } from 'node:crypto';
import type { StoredEvent } from '@mnemo/contracts';
import { checksumProjection, replayProjection, waitForCheckpoint } from '@mnemo/persistence';
import { memoryProjection, memorySessionsProjection } from '@mnemo/memory-service';
import { compactionProjection } from '@mnemo/compaction-service';
import { openTrail, periodicRuns } from '@mnemo/eventing';
import { firstItems, startFakeAnthropic, textReply, type FakeAnthropic } from '@mnemo/testing';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { eventually, uniqueName } from '../support/servers';

const ACCOUNT_KEY = `sk-ant-api03-${'Kp4'.repeat(12)}Wxyz`;

/** The settings the LLM wiring and the extraction reactors read, handed to the platform this file starts. */
const ENV = {
  MNEMO_SECRET_KEY: 'e2e-master-secret-for-compaction',
  MNEMO_LLM_MAX_RETRIES: '0',
  MNEMO_COST_LEDGER_TIMEOUT_MS: '5000',
  MNEMO_MEMORY_ARTIFACT_DEBOUNCE_MS: '1000',
  MNEMO_MEMORY_QUIET_SWEEP_MS: '300',
  MNEMO_MEMORY_ARTIFACT_SWEEP_MS: '300',
  MNEMO_MEMORY_ARTIFACT_GRACE_MS: '1500',
  ANTHROPIC_API_KEY: '',
};

const LONG_TURNS = [
  'My goal is to move into product management next year, ideally inside my current company.',
  'That sounds like a clear direction. What draws you to product work?',
  'I realized that I enjoy talking to customers far more than writing code all day. I prefer written feedback over meetings.',
  'What would a first step look like?',
];

type Account = { accountId: string; apiKey: string };

describe('compaction and memory extraction on the running platform', () => {
  let harness: Harness;
  let fake: FakeAnthropic;
  const auth = (account: Account) => ({ Authorization: `Bearer ${account.apiKey}` });
  const db = () => harness.platform.infra.dataSource;

  /** Turns a minute apart ending now, then (optionally) the pause that ends the segment. */
  const sessionEvents = (
    sessionId: string,
    texts: string[],
    opts: {
      segment?: number;
      firstSeq?: number;
      endAt?: number;
      start?: boolean;
      personName?: string;
    } = {},
  ) => {
    const endAt = opts.endAt ?? Date.now();
    const firstSeq = opts.firstSeq ?? 1;
    const events: object[] = [];
    if (opts.start ?? true) {
      events.push({
        id: randomUUID(),
        type: 'SessionStarted',
        sessionId,
        occurredAt: new Date(endAt - 3_600_000).toISOString(),
        payload: {
          source: 'ai-coaching:interview',
          ...(opts.personName ? { personName: opts.personName } : {}),
        },
      });
    }
    texts.forEach((text, i) =>
      events.push({
        id: randomUUID(),
        type: 'TurnRecorded',
        sessionId,
        occurredAt: new Date(endAt - (texts.length - i) * 60_000).toISOString(),
        payload: { seq: firstSeq + i, role: (firstSeq + i) % 2 ? 'user' : 'assistant', text },
      }),
    );
    if (opts.segment)
      events.push({
        id: randomUUID(),
        type: 'SegmentPaused',
        sessionId,
        occurredAt: new Date(endAt).toISOString(),
        payload: { segment: opts.segment },
      });
    return events;
  };
  const post = async (account: Account, events: object[]) => {
    const response = await harness.http().post('/v1/events').set(auth(account)).send({ events });
    expect([response.status, response.status === 202 ? null : response.body]).toEqual([202, null]);
  };
  const logEvents = async (accountId: string, type?: string): Promise<StoredEvent[]> => {
    const out: StoredEvent[] = [];
    for await (const batch of harness.platform.infra.log.read('events', 1)) {
      out.push(
        ...batch.filter((s) => s.event.accountId === accountId && (!type || s.event.type === type)),
      );
    }
    return out;
  };
  const telemetry = async (accountId: string, action: string) =>
    (await logEvents(accountId, 'FeatureEventRecorded')).filter(
      (s) => (s.event.payload as { action: string }).action === action,
    );
  const facts = (accountId: string): Promise<Array<Record<string, any>>> =>
    db().query(
      `SELECT * FROM memory_facts WHERE account_id = $1 AND status = 'active' ORDER BY content`,
      [accountId],
    );
  const summaryOf = (account: Account, sessionId: string) =>
    harness.http().get(`/v1/sessions/${sessionId}/summary`).set(auth(account));
  const withKey = async (name: string) => {
    const account = await harness.createAccount(name);
    const put = await harness
      .http()
      .put('/v1/llm-keys')
      .set(auth(account))
      .send({ apiKey: ACCOUNT_KEY });
    expect(put.status).toBe(201);
    return account;
  };
  /** Every extraction triggered so far has been handled (acked) by the memory reactors. */
  const reactorsIdle = () =>
    eventually(
      async () => {
        let pending = await harness.platform.infra.log.pending(
          'events',
          'compaction-SegmentPaused',
        );
        for (const type of ['SegmentCompacted', 'CompactionSkipped', 'CompactionFailed'])
          pending += await harness.platform.infra.log.pending('events', `memory-${type}`);
        return pending;
      },
      (pending) => pending === 0,
    );

  /** Waits until `count` more runs of a sweep have finished: what they would have done, they have done. */
  const sweepsRun = async (task: string, count: number) => {
    const runs = async () =>
      (await periodicRuns.get()).values
        .filter((v) => v.labels.task === task)
        .reduce((sum, v) => sum + v.value, 0);
    const from = await runs();
    await eventually(runs, (n) => n >= from + count);
  };

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    harness = await startHarness({ env: { ...ENV, ANTHROPIC_BASE_URL: fake.url } });
  });

  afterAll(async () => {
    await harness?.stop();
    await fake?.close();
  });

  it("turns a session's turns and a pause into a summary and facts through the provider, a sensitive fact only proposed", async () => {
    const account = await withKey('keyed');
    const before = fake.requests.length;
    fake.script(
      textReply(
        'The person wants to move into product management next year and enjoys customer conversations.',
        { inputTokens: 900, outputTokens: 40 },
      ),
      textReply(
        JSON.stringify({
          facts: [
            {
              factType: 'preference',
              content: 'Prefers written feedback over meetings.',
              confidence: 'medium',
            },
            {
              factType: 'goal',
              content: 'Wants to move into product management next year.',
              confidence: 'high',
            },
            { factType: 'mood', content: 'Not a type we know.', confidence: 'high' },
            {
              factType: 'insight',
              content: 'Takes sertraline 50 mg every morning.',
              confidence: 'high',
            },
          ],
        }),
        { inputTokens: 800, outputTokens: 120 },
      ),
    );
    await post(account, sessionEvents('s-keyed', LONG_TURNS, { segment: 1, personName: 'Dana' }));

    const summary = await eventually(
      () => summaryOf(account, 's-keyed'),
      (r) => r.status === 200,
    );
    expect(summary.body).toEqual({
      summary:
        'The person wants to move into product management next year and enjoys customer conversations.',
      segment: 1,
      model: expect.stringContaining('claude'),
    });
    const stored = await eventually(
      () => facts(account.accountId),
      (rows) => rows.length === 2,
    );
    expect(
      stored.map((f) => [f.fact_type, f.content, f.confidence, f.source_session, f.source_segment]),
    ).toEqual(
      [
        ['preference', 'Prefers written feedback over meetings.', 'medium', 's-keyed', 1],
        ['goal', 'Wants to move into product management next year.', 'high', 's-keyed', 1],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
    // The medication is a proposal waiting for the person, never a memory.
    const proposals = await eventually(
      () =>
        db().query(`SELECT content, status FROM memory_proposals WHERE account_id = $1`, [
          account.accountId,
        ]),
      (rows: unknown[]) => rows.length === 1,
    );
    // the proposal trail is sealed at rest (docs/memory-facts.md): the row holds it sealed
    expect(proposals).toEqual([
      { content: expect.stringMatching(/^trail:v1:/), status: 'pending' },
    ]);
    expect((proposals as Array<{ content: string }>).map((p) => openTrail(p.content))).toEqual([
      'Takes sertraline 50 mg every morning.',
    ]);

    const calls = fake.requests.slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.body).toMatchObject({ max_tokens: 1024 });
    expect(JSON.stringify(calls[0]?.body)).toContain('product management');
    // The extraction prompt names the person from the session's start (docs/memory-facts.md).
    const extraction = calls[1]?.body as { system: string; messages: Array<{ content: string }> };
    expect(extraction.system).toContain('The person is Dana, a coaching client.');
    expect(extraction.messages[0]?.content).toMatch(
      /\[turn 1 · \w+ \d+ \w+ \d{4} · Dana \(the person\)\]/,
    );
    const [compacted] = firstItems(await logEvents(account.accountId, 'SegmentCompacted'), 1);
    expect(compacted.event.payload).toMatchObject({
      segment: 1,
      inputTokens: 900,
      outputTokens: 40,
    });
    await eventually(
      () => telemetry(account.accountId, 'memory_extracted'),
      (rows) => rows.length === 1,
    );
    expect(
      (await telemetry(account.accountId, 'compaction_generated'))[0]?.event.payload,
    ).toMatchObject({
      name: 'compaction',
      metadata: { sessionId: 's-keyed', segment: 1, inputTokens: 900, outputTokens: 40 },
    });
    expect(
      (await telemetry(account.accountId, 'memory_extracted'))[0]?.event.payload,
    ).toMatchObject({
      metadata: { sessionId: 's-keyed', rawCount: 4, validCount: 3, factCount: 3 },
    });
  });

  it('updates a near-duplicate instead of adding it, reads a bare array, and updates it again from another session', async () => {
    const account = await withKey('dedup');
    fake.script(
      textReply('Summary one.'),
      textReply(
        JSON.stringify({
          facts: [
            {
              factType: 'goal',
              content: 'Wants to move into product management next year.',
              confidence: 'medium',
            },
          ],
        }),
      ),
    );
    await post(account, sessionEvents('s-dd', LONG_TURNS, { segment: 1 }));
    await eventually(
      () => facts(account.accountId),
      (rows) => rows.length === 1,
    );

    // Segment 2: the same goal reworded, as a bare array; and a new fact.
    fake.script(
      textReply('Summary two.'),
      textReply(
        JSON.stringify([
          {
            factType: 'goal',
            content: 'Wants to move into product management by next year.',
            confidence: 'high',
          },
          {
            factType: 'value',
            content: 'Values honest conversations with customers.',
            confidence: 'high',
          },
        ]),
      ),
    );
    await post(
      account,
      sessionEvents('s-dd', LONG_TURNS, { segment: 2, firstSeq: 5, start: false }),
    );
    const after = await eventually(
      () => facts(account.accountId),
      (rows) => rows.length === 2 && rows.some((r) => r.version === 2),
    );
    const goal = after.find((f) => f.fact_type === 'goal')!;
    expect(goal).toMatchObject({
      content: 'Wants to move into product management by next year.',
      confidence: 'high',
      version: 2,
      source_segment: 1,
    });
    await expect(summaryOf(account, 's-dd')).resolves.toMatchObject({
      status: 200,
      body: { summary: 'Summary two.', segment: 2 },
    });

    // Another session saying it again updates the one fact kept, where it came from unchanged, instead of adding a near-duplicate.
    fake.script(
      textReply('Summary three.'),
      textReply(
        JSON.stringify({
          facts: [
            {
              factType: 'goal',
              content: 'Wants to move into product management by next year!',
              confidence: 'high',
            },
          ],
        }),
      ),
    );
    await post(account, sessionEvents('s-dd-2', LONG_TURNS, { segment: 1 }));
    const all = await eventually(
      () => facts(account.accountId),
      (rows) => rows.some((r) => r.fact_type === 'goal' && r.version === 3),
    );
    expect(all).toHaveLength(2);
    expect(all.find((f) => f.fact_type === 'goal')).toMatchObject({
      content: 'Wants to move into product management by next year!',
      source_session: 's-dd',
      source_segment: 1,
    });
  });

  it('keeps at most 20 facts of one extraction, the higher-confidence ones first', async () => {
    const account = await withKey('capped');
    const low = Array.from({ length: 20 }, (_, i) => ({
      factType: 'event',
      content: `Went to workshop number ${i + 1} about pottery ${uniqueName('w')}.`,
      confidence: 'low',
    }));
    const high = [
      'Decided to quit coffee for the whole spring.',
      'Chose Lisbon as the city for the sabbatical.',
      'Committed to weekly piano lessons with Ana.',
      'Resolved to stop answering email on weekends.',
      'Picked a standing desk for the home office.',
    ].map((content) => ({ factType: 'decision', content, confidence: 'high' }));
    fake.script(textReply('Summary.'), textReply(JSON.stringify({ facts: [...low, ...high] })));
    await post(account, sessionEvents('s-cap', LONG_TURNS, { segment: 1 }));
    const rows = await eventually(
      () => facts(account.accountId),
      (r) => r.length >= 20,
    );
    await reactorsIdle();
    const final = await facts(account.accountId);
    expect(final).toHaveLength(20);
    expect(final.filter((f) => f.confidence === 'high')).toHaveLength(5);
    expect(rows.length).toBe(20);
  });

  it('gives a summary and facts from the offline adapter when no key resolves, calling no provider', async () => {
    const account = await harness.createAccount('offline');
    const before = fake.requests.length;
    await post(account, sessionEvents('s-off', LONG_TURNS, { segment: 1 }));
    const summary = await eventually(
      () => summaryOf(account, 's-off'),
      (r) => r.status === 200,
    );
    expect(summary.body).toMatchObject({ segment: 1, model: 'offline' });
    expect(summary.body.summary.length).toBeGreaterThan(20);
    const rows = await eventually(
      () => facts(account.accountId),
      (r) => r.length >= 2,
    );
    expect(rows.map((f) => f.content).join(' ')).toMatch(/product management/);
    expect(rows.every((f) => f.source_session === 's-off' && f.source_segment === 1)).toBe(true);
    expect(fake.requests.length).toBe(before);
  });

  it("keeps the person's goal, preference, decision and sister from five plain statements offline, written about them, and only proposes the medication", async () => {
    const account = await harness.createAccount('five-statements');
    const before = fake.requests.length;
    const turns = [
      'I want to run a marathon next spring, that is my big goal this year.',
      'That is a great goal.',
      'I prefer working early in the morning, before nine, when it is quiet.',
      'Mornings are a good time to focus.',
      'I decided to leave the bank and study product design.',
      'That is a big step.',
      'I have a sister, Anna, in Berlin; we talk every Sunday.',
      'That sounds lovely.',
      'I take metformin every morning for my diabetes.',
    ];
    await post(account, sessionEvents('s-five', turns, { segment: 1 }));
    const rows = await eventually(
      () => facts(account.accountId),
      (r) => r.length >= 4,
    );
    const byType = (type: string) =>
      rows.filter((f) => f.fact_type === type).map((f) => f.content as string);
    expect(byType('goal')).toEqual([expect.stringMatching(/^Wants to run a marathon in spring/)]);
    expect(byType('preference')).toEqual([expect.stringMatching(/^Prefers working early/)]);
    expect(byType('decision')).toEqual(['Decided to leave the bank and study product design.']);
    expect(byType('relationship')).toEqual([
      expect.stringMatching(/^Has a sister, Anna, in Berlin/),
    ]);
    // Written about the person: no first person, no "(as of …)", and the medication is not stored.
    for (const row of rows) expect(row.content).not.toMatch(/\b(?:I|my)\b|\(as of|metformin/i);
    const proposals = await eventually(
      () => harness.http().get('/v1/proposals').set(auth(account)),
      (r) => r.status === 200 && r.body.proposals.length > 0,
    );
    expect(proposals.body.proposals.map((p: { content: string }) => p.content)).toEqual([
      expect.stringMatching(/metformin/),
    ]);
    expect(fake.requests.length).toBe(before);
  });

  it('reads a transcript under 200 characters with the offline rules only, never the model, while still summarizing it', async () => {
    const account = await withKey('short');
    const before = fake.requests.length;
    fake.script(textReply('They want to rest.'));
    await post(
      account,
      sessionEvents('s-short', ['I want to rest this weekend.', 'Fine, rest well.'], {
        segment: 1,
      }),
    );
    await eventually(
      () => summaryOf(account, 's-short'),
      (r) => r.status === 200,
    );
    await reactorsIdle();
    // The summary was the only call: the extraction never asked the model, and spent nothing
    // (docs/memory-facts.md: a short stretch is read by the offline rules, at no cost).
    expect(fake.requests.length).toBe(before + 1);
    const extracted = await telemetry(account.accountId, 'memory_extracted');
    expect(extracted.length).toBeGreaterThan(0);
    for (const row of extracted)
      expect(row.event.payload).toMatchObject({ metadata: { inputTokens: 0, outputTokens: 0 } });
    expect(await facts(account.accountId)).toEqual([]);
  });

  it('records a spent compaction cap as CompactionSkipped with a compaction_cost_cap_hit row, and the session goes on', async () => {
    const account = await withKey('capped-out');
    const cap = await harness
      .http()
      .put(`/v1/admin/cost-caps/${account.accountId}`)
      .set('Authorization', `Bearer ${ADMIN_KEY}`)
      .send({ pool: 'compaction', capUsd: 0 });
    expect(cap.status).toBe(200);
    const before = fake.requests.length;
    // The summary is skipped; extraction still follows the settled call, paid from the session pool.
    fake.script(
      textReply(
        JSON.stringify({
          facts: [
            {
              factType: 'goal',
              content: 'Wants to move into product management next year.',
              confidence: 'high',
            },
          ],
        }),
      ),
    );
    await post(account, sessionEvents('s-cap-hit', LONG_TURNS, { segment: 1 }));

    const [skipped] = firstItems(
      await eventually(
        () => logEvents(account.accountId, 'CompactionSkipped'),
        (rows) => rows.length === 1,
      ),
      1,
    );
    expect(skipped.event.payload).toMatchObject({ segment: 1, reason: 'cost_cap' });
    const [row] = firstItems(
      await eventually(
        () => telemetry(account.accountId, 'compaction_cost_cap_hit'),
        (rows) => rows.length === 1,
      ),
      1,
    );
    expect(row.event.payload).toMatchObject({
      name: 'compaction',
      action: 'compaction_cost_cap_hit',
      metadata: { segment: 1, capUsd: 0 },
    });
    expect(row.event.causationId).toBe(skipped.event.causationId);
    const table = await eventually(
      () => harness.http().get('/v1/telemetry?action=compaction_cost_cap_hit').set(auth(account)),
      (r) => r.status === 200 && r.body.events.length === 1,
    );
    expect(table.body.events[0].metadata).toMatchObject({ sessionId: 's-cap-hit', segment: 1 });
    expect((await summaryOf(account, 's-cap-hit')).status).toBe(404);
    const stored = await eventually(
      () => facts(account.accountId),
      (r) => r.length === 1,
    );
    expect(stored[0]).toMatchObject({
      content: 'Wants to move into product management next year.',
      source_session: 's-cap-hit',
      source_segment: 1,
    });
    // One model call: the extraction (its prompt asks for facts), never the capped summary.
    const calls = fake.requests.slice(before);
    expect(calls).toHaveLength(1);
    expect(JSON.stringify(calls[0]?.body)).toContain('List the durable facts');

    // The session goes on: the next turn is accepted and served.
    await post(
      account,
      sessionEvents('s-cap-hit', ['And then I booked a call with a product lead.'], {
        firstSeq: 5,
        start: false,
      }),
    );
    await eventually(
      () => harness.http().get('/v1/sessions/s-cap-hit/turns').set(auth(account)),
      (r) => r.status === 200 && r.body.turns.length === 5,
    );
  });

  it('pays for extraction from the session pool: with it spent, the extraction is a memory_cost_cap_hit and no provider is called', async () => {
    const account = await withKey('session-spent');
    const cap = await harness
      .http()
      .put(`/v1/admin/cost-caps/${account.accountId}`)
      .set('Authorization', `Bearer ${ADMIN_KEY}`)
      .send({ pool: 'session', capUsd: 0 });
    expect(cap.status).toBe(200);
    const before = fake.requests.length;
    await post(account, sessionEvents('s-session-cap', LONG_TURNS, { segment: 1 }));

    const [row] = firstItems(
      await eventually(
        () => telemetry(account.accountId, 'memory_cost_cap_hit'),
        (rows) => rows.length === 1,
      ),
      1,
    );
    expect(row.event.payload).toMatchObject({
      name: 'memory',
      metadata: { sessionId: 's-session-cap', segment: 1, capUsd: 0 },
    });
    // The summary shares the session pool, so it was skipped too; extraction still followed the settled call.
    expect(
      (await logEvents(account.accountId, 'CompactionSkipped')).map((s) => s.event.payload),
    ).toEqual([expect.objectContaining({ segment: 1, reason: 'cost_cap' })]);
    await reactorsIdle();
    expect(await facts(account.accountId)).toEqual([]);
    expect(fake.requests.length).toBe(before);
  });

  it('extracts after a failed summary too, and the next segment reads only its own turns', async () => {
    const account = await withKey('failed-summary');
    const before = fake.requests.length;
    fake.script(
      { kind: 'status', status: 500, message: 'upstream broke' },
      textReply(
        JSON.stringify({
          facts: [
            {
              factType: 'preference',
              content: 'Prefers written feedback over meetings.',
              confidence: 'high',
            },
          ],
        }),
      ),
    );
    await post(account, sessionEvents('s-fail', LONG_TURNS, { segment: 1 }));
    const [failed] = firstItems(
      await eventually(
        () => logEvents(account.accountId, 'CompactionFailed'),
        (rows) => rows.length === 1,
      ),
      1,
    );
    expect(failed.event.payload).toMatchObject({ segment: 1, reason: 'api_error' });
    await eventually(
      () => facts(account.accountId),
      (r) => r.length === 1,
    );
    expect((await summaryOf(account, 's-fail')).status).toBe(404);

    // Segment 2: its extraction reads the turns after the failed segment's pause, not segment 1 again.
    const segmentTwo = [
      'Next month I am going to shadow the product team for two full weeks to see how they plan, argue about and finally ship a release.',
      'That is a concrete way to test the idea before committing to it, and to meet the people you would work with.',
    ];
    fake.script(textReply('Summary after the failure.'), textReply(JSON.stringify({ facts: [] })));
    await post(
      account,
      sessionEvents('s-fail', segmentTwo, { segment: 2, firstSeq: 5, start: false }),
    );
    await eventually(
      () => summaryOf(account, 's-fail'),
      (r) => r.status === 200 && r.body.segment === 2,
    );
    await reactorsIdle();
    const calls = fake.requests.slice(before);
    expect(calls).toHaveLength(4);
    const extractionTwo = JSON.stringify(calls[3]?.body);
    expect(extractionTwo).toContain('shadow the product team');
    expect(extractionTwo).not.toContain('product management next year');
  });

  it('extracts once from the newest content after a burst of saves of one artifact, scoped by its source session', async () => {
    const account = await harness.createAccount('artifacts');
    const save = (content: string, sessionId?: string) => ({
      id: randomUUID(),
      type: 'ArtifactSaved',
      ...(sessionId ? { sessionId } : {}),
      occurredAt: new Date().toISOString(),
      payload: { artifactId: 'a-values', title: 'Core values', content },
    });
    const draft = (n: number) =>
      `Draft ${n}. ${'I value honesty above everything else in my work and my family life. '.repeat(3)}${n === 3 ? 'My goal is to write a book about craftsmanship before I turn forty.' : ''}`;
    await post(account, [
      save(draft(1), 's-art'),
      save(draft(2), 's-art'),
      save(draft(3), 's-art'),
    ]);
    const rows = await eventually(
      () => facts(account.accountId),
      (r) => r.some((f) => /book about craftsmanship/.test(f.content)),
    );
    expect(
      rows.every((f) => f.source_session === 's-art' && f.source_artifact_id === 'a-values'),
    ).toBe(true);
    const runs = await telemetry(account.accountId, 'memories_extracted_from_artifact');
    expect(runs).toHaveLength(1);

    // No source session: the artifact's facts fall back to the artifact-extract scope.
    const walks = 'I love long walks by the sea on Sunday mornings with my dog. '.repeat(4);
    // The HTTP edge always names a session; an artifact written by a service may not, so this one goes straight to the log.
    await harness.platform.infra.log.append('events', {
      ...save(walks),
      version: 1,
      accountId: account.accountId,
      producer: 'e2e',
      payload: { artifactId: 'a-walks', title: 'Walks', content: walks },
    });
    const rowsAfter = await eventually(
      () => facts(account.accountId),
      (r) => r.some((f) => f.source_artifact_id === 'a-walks'),
    );
    expect(rowsAfter.find((f) => f.source_artifact_id === 'a-walks')!.source_session).toBe(
      'artifact-extract',
    );
  });

  it('finishes an artifact extraction whose debounce timer was lost with its instance', async () => {
    const account = await harness.createAccount('lost-timer');
    // Another instance recorded a newer save of this artifact and died before that save reached the log:
    // this save's own timer finds itself superseded and never runs. Only the sweep can extract it.
    await harness.platform.infra.cache.set(
      `memory:artifact:${account.accountId}:a-lost:pending`,
      String(Number.MAX_SAFE_INTEGER),
      60_000,
    );
    const content =
      'My goal is to open a small bakery in my home town within three years, with my sister. '.repeat(
        3,
      );
    await post(account, [
      {
        id: randomUUID(),
        type: 'ArtifactSaved',
        sessionId: 's-lost',
        occurredAt: new Date().toISOString(),
        payload: { artifactId: 'a-lost', title: 'Bakery', content },
      },
    ]);
    const rows = await eventually(
      () => facts(account.accountId),
      (r) => r.some((f) => f.source_artifact_id === 'a-lost'),
      15_000,
    );
    expect(rows.every((f) => f.source_session === 's-lost')).toBe(true);
    const settled = await eventually(
      () =>
        db().query(
          `SELECT settled_event_id = saved_event_id AS settled FROM artifact_extractions WHERE account_id = $1`,
          [account.accountId],
        ),
      (r: Array<{ settled: boolean }>) => r.length === 1 && r[0]?.settled === true,
    );
    expect(settled).toEqual([{ settled: true }]);
    // Settled: later sweeps leave it alone.
    await sweepsRun('artifact extraction sweep', 3);
    expect(await telemetry(account.accountId, 'memories_extracted_from_artifact')).toHaveLength(1);
  });

  it('extracts once from a session quiet for 30 minutes with no pause after its last turn', async () => {
    const account = await harness.createAccount('quiet');
    const hourAgo = Date.now() - 60 * 60_000;
    await post(account, sessionEvents('s-quiet', LONG_TURNS, { endAt: hourAgo }));
    // Other words than s-quiet's: extracted facts dedup across the account (docs/memory-facts.md), so the same turns in
    // both sessions would leave s-quiet's facts merged into whichever session was extracted first.
    const pausedTurns = [
      'I have been learning to play the cello for two years and I practise every evening after dinner.',
      'What keeps you going with it?',
      'I love the feeling of a long note filling the room, and I want to join a community orchestra next spring.',
      'That sounds wonderful.',
    ];
    await post(account, sessionEvents('s-paused', pausedTurns, { endAt: hourAgo, segment: 1 }));
    const rows = await eventually(
      () => facts(account.accountId),
      (r) => r.some((f) => f.source_session === 's-quiet'),
    );
    expect(
      rows.filter((f) => f.source_session === 's-quiet').every((f) => f.source_segment === null),
    ).toBe(true);
    const marks = await eventually(
      () => logEvents(account.accountId, 'SessionQuietExtracted'),
      (m) => m.length >= 1,
    );
    // A few more sweeps run (every 300 ms here): the stretch stays extracted once; the paused session is not quiet.
    await eventually(
      () =>
        db().query(`SELECT count(*)::int AS n FROM quiet_extractions WHERE account_id = $1`, [
          account.accountId,
        ]),
      (r: any[]) => r[0].n === 1,
    );
    await sweepsRun('quiet-time sweep', 3);
    const after = await logEvents(account.accountId, 'SessionQuietExtracted');
    expect(after).toHaveLength(1);
    expect(marks[0]?.event.sessionId).toBe('s-quiet');
    expect(marks[0]?.event.payload).toMatchObject({
      outcome: 'extracted',
      lastTurnAt: new Date(hourAgo - 60_000).toISOString(),
    });
  });

  it('rebuilds the summaries, memories and proposals identically by replaying the log, with no model call and nothing published', async () => {
    const { dataSource, log } = harness.platform.infra;
    await reactorsIdle();
    const lastSeq = await log.lastSeq('events');
    for (const name of ['memory', 'memory-sessions'])
      await expect(waitForCheckpoint(dataSource, name, lastSeq)).resolves.toBe(true);
    // compaction's projection reads only SegmentCompacted (its checkpoint moves on those alone): caught up when its consumer is drained.
    await expect(
      eventually(
        () => log.pending('events', 'projection-compaction'),
        (pending) => pending === 0,
      ),
    ).resolves.toBe(0);
    const rows = () =>
      dataSource.query(
        `SELECT account_id, session_id, segment, summary, model, input_tokens, output_tokens, created_at FROM segment_summaries ORDER BY 1, 2, 3`,
      );
    const before = await rows();
    expect(before.length).toBeGreaterThanOrEqual(6);
    const checksums = {
      compaction: await checksumProjection(dataSource, compactionProjection),
      memory: await checksumProjection(dataSource, memoryProjection),
      sessions: await checksumProjection(dataSource, memorySessionsProjection),
    };
    expect(Number(checksums.memory.memory_facts?.split(':')[0])).toBeGreaterThan(20);
    expect(Number(checksums.memory.memory_proposals?.split(':')[0])).toBeGreaterThan(0);
    for (const table of ['segment_pauses', 'quiet_extractions', 'session_activity'])
      expect(Number(checksums.sessions[table]?.split(':')[0])).toBeGreaterThan(0);
    const calls = fake.requests.length;
    await replayProjection(dataSource, log, compactionProjection);
    await replayProjection(dataSource, log, memoryProjection);
    await replayProjection(dataSource, log, memorySessionsProjection);
    expect(await rows()).toEqual(before);
    expect(await checksumProjection(dataSource, compactionProjection)).toEqual(
      checksums.compaction,
    );
    expect(await checksumProjection(dataSource, memoryProjection)).toEqual(checksums.memory);
    expect(await checksumProjection(dataSource, memorySessionsProjection)).toEqual(
      checksums.sessions,
    );
    expect(fake.requests.length).toBe(calls);
    expect(await log.lastSeq('events')).toBe(lastSeq);
  });
});
