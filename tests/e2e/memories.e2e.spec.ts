import { randomUUID } from 'node:crypto';
import { storedOf, type StoredEventOf } from '@mnemo/contracts';
import http from 'node:http';
import { checksumProjection, replayProjection, waitForCheckpoint } from '@mnemo/persistence';
import { memoryProjection, sweepLapsed } from '@mnemo/memory-service';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';

const DAY = 86_400_000;

describe('memories: the Explorer API, proposals, plans, and their read models', () => {
  let harness: Harness;
  let a: { accountId: string; apiKey: string };
  let b: { accountId: string; apiKey: string };

  beforeAll(async () => {
    harness = await startHarness();
    a = await harness.createAccount('alice');
    b = await harness.createAccount('bob');
  });
  afterAll(async () => harness?.stop());

  /** Publishes an event as the reactors would, and waits until the memory projection has it. */
  const publish = (
    accountId: string,
    type: string,
    payload: unknown,
    options: { at?: string; sessionId?: string } = {},
  ) =>
    harness.publish(
      { accountId, type, payload, sessionId: options.sessionId, occurredAt: options.at },
      ['memory'],
      5_000,
    );
  const extracted = (
    accountId: string,
    factType: string,
    content: string,
    at: string,
    extra: object = {},
  ) =>
    publish(
      accountId,
      'MemoryFactExtracted',
      {
        factId: randomUUID(),
        factType,
        content,
        confidence: 'medium',
        source: 'extraction',
        sourceSession: 's-x',
        sourceSegment: 2,
        ...extra,
      },
      { at },
    );

  const as = (account: { apiKey: string }) => ({
    get: (path: string) =>
      harness.http().get(path).set('Authorization', `Bearer ${account.apiKey}`),
    post: (path: string, body: object = {}) =>
      harness.http().post(path).set('Authorization', `Bearer ${account.apiKey}`).send(body),
    patch: (path: string, body: object) =>
      harness.http().patch(path).set('Authorization', `Bearer ${account.apiKey}`).send(body),
    del: (path: string) =>
      harness.http().delete(path).set('Authorization', `Bearer ${account.apiKey}`),
  });

  it('lists memories newest first by category, with per-category counts, origin and pagination', async () => {
    const list = await harness.createAccount('lister');
    await extracted(
      list.accountId,
      'goal',
      'Wants to run a marathon in the spring.',
      '2026-11-01T10:00:00Z',
    );
    await extracted(list.accountId, 'goal', 'Wants to learn Portuguese.', '2026-11-02T10:00:00Z');
    await extracted(list.accountId, 'goal', 'Plans to move to Lisbon.', '2026-11-03T10:00:00Z');
    await extracted(
      list.accountId,
      'value',
      'Values honesty over comfort.',
      '2026-11-04T10:00:00Z',
    );
    await extracted(list.accountId, 'event', 'Changed jobs in October.', '2026-11-05T10:00:00Z', {
      sourceSegment: undefined,
      sourceSession: 'artifact-extract',
      sourceArtifactId: 'art-7',
    });
    await extracted(
      list.accountId,
      'relationship',
      'Has a sister called Ines.',
      '2026-11-06T10:00:00Z',
    );

    const page2 = await as(list).get('/v1/memories?category=goals&page=2&pageSize=2');
    expect(page2.status).toBe(200);
    expect(page2.body.total).toBe(3);
    expect(page2.body.counts).toEqual({
      All: 6,
      Facts: 2,
      Decisions: 0,
      Preferences: 0,
      Relationships: 1,
      Goals: 3,
      Values: 1,
      Events: 1,
      Insights: 0,
    });
    expect(page2.body.memories.map((m: { content: string }) => m.content)).toEqual([
      'Wants to run a marathon in the spring.',
    ]);
    expect(page2.body.memories[0]).toMatchObject({
      factType: 'goal',
      confidence: 'medium',
      source: 'extraction',
      origin: { session: 's-x', segment: 2 },
      version: 1,
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
      lastUsedAt: null,
    });
    const facts = await as(list).get('/v1/memories?category=Facts');
    expect(facts.body.memories.map((m: { content: string }) => m.content)).toEqual([
      'Changed jobs in October.',
      'Values honesty over comfort.',
    ]);
    expect(facts.body.memories[0].origin).toEqual({
      session: 'artifact-extract',
      artifactId: 'art-7',
    });

    const bad = await as(list).get('/v1/memories?category=Hobbies&pageSize=500');
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'query.category',
      'query.pageSize',
    ]);
  });

  it("returns where a fact came from, keeps it through the person's edit, and keeps a superseded fact out of the list with what replaced it", async () => {
    const p = await harness.createAccount('provenance');
    const boston = randomUUID();
    const denver = randomUUID();
    await publish(
      p.accountId,
      'MemoryFactExtracted',
      {
        factId: boston,
        factType: 'event',
        content: 'I have lived in Boston for eight years (as of 8 May 2023).',
        confidence: 'medium',
        source: 'extraction',
        sourceSession: 's-1',
        sourceSegment: 1,
        sourceTurns: [8],
        occurredOn: '2023-05-08',
        subject: 'home',
      },
      { at: '2023-05-08T18:30:00Z' },
    );
    await publish(
      p.accountId,
      'MemoryFactExtracted',
      {
        factId: denver,
        factType: 'event',
        content: 'I am moving to Denver in June 2023.',
        confidence: 'high',
        source: 'extraction',
        sourceSession: 's-2',
        sourceTurns: [10, 14],
        occurredOn: '2023-06-01',
        subject: 'home',
      },
      { at: '2023-05-22T19:30:00Z' },
    );
    await publish(
      p.accountId,
      'FactSuperseded',
      { factId: boston, supersededBy: denver, subject: 'home' },
      { at: '2023-05-22T19:30:00Z' },
    );

    const old = await as(p).get(`/v1/memories/${boston}`);
    expect(old.body).toMatchObject({
      status: 'superseded',
      supersededBy: denver,
      origin: { session: 's-1', segment: 1, turns: [8] },
      occurredOn: '2023-05-08',
      version: 2,
    });
    const list = await as(p).get('/v1/memories');
    expect(list.body.memories.map((m: { id: string }) => m.id)).toEqual([denver]);
    expect(list.body.memories[0]).toMatchObject({
      origin: { session: 's-2', turns: [10, 14] },
      occurredOn: '2023-06-01',
      status: 'active',
      supersededBy: null,
      editedByPerson: false,
    });
    // what it replaced, for the Explorer, in the list and on its own
    expect(list.body.memories[0].supersedes).toEqual([
      { id: boston, content: 'I have lived in Boston for eight years (as of 8 May 2023).' },
    ]);
    await expect(as(p).get(`/v1/memories/${denver}`)).resolves.toMatchObject({
      body: { supersedes: [{ id: boston }] },
    });

    const edited = await as(p).patch(`/v1/memories/${denver}`, {
      content: 'I moved to Denver in June 2023.',
      version: 1,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      content: 'I moved to Denver in June 2023.',
      editedByPerson: true,
      origin: { session: 's-2', turns: [10, 14] },
      occurredOn: '2023-06-01',
    });
    // A superseded fact is history: it is not edited any more.
    await expect(
      as(p).patch(`/v1/memories/${boston}`, { content: 'I live in Boston.', version: 2 }),
    ).resolves.toMatchObject({ status: 404 });
  });

  it('stamps last_used_at when a memory is read into a context, without moving updated_at or the version', async () => {
    const seqFact = randomUUID();
    await publish(
      a.accountId,
      'MemoryFactExtracted',
      {
        factId: seqFact,
        factType: 'preference',
        content: 'Prefers mornings for deep work.',
        confidence: 'high',
        source: 'extraction',
        sourceSession: 's-1',
      },
      { at: '2026-11-10T08:00:00Z' },
    );
    await publish(a.accountId, 'MemoryFactUsed', {
      factIds: [seqFact],
      usedAt: '2026-11-12T09:30:00Z',
    });
    const memory = await as(a).get(`/v1/memories/${seqFact}`);
    expect(memory.body).toMatchObject({
      updatedAt: '2026-11-10T08:00:00.000Z',
      lastUsedAt: '2026-11-12T09:30:00.000Z',
      version: 1,
    });
  });

  it('searches with at least three characters, ranked, scoped to a category, with escaped highlighted snippets', async () => {
    const s = await harness.createAccount('searcher');
    await extracted(
      s.accountId,
      'preference',
      'Loves hiking <b>trails</b> & climbing in the Alps.',
      '2026-11-01T10:00:00Z',
    );
    await extracted(
      s.accountId,
      'goal',
      'Wants to go hiking every weekend, hiking with friends.',
      '2026-11-02T10:00:00Z',
    );
    await extracted(s.accountId, 'goal', 'Wants to read more novels.', '2026-11-03T10:00:00Z');

    const short = await as(s).get('/v1/memories/search?q=%20hi%20');
    expect(short.status).toBe(400);
    expect(short.body.error.issues).toEqual([expect.objectContaining({ path: 'query.q' })]);

    const all = await as(s).get('/v1/memories/search?q=hiking');
    expect(all.status).toBe(200);
    expect(all.body.hits.map((h: { content: string }) => h.content)).toEqual([
      'Wants to go hiking every weekend, hiking with friends.',
      'Loves hiking <b>trails</b> & climbing in the Alps.',
    ]);
    expect(all.body.hits[0].snippet).toContain('<mark>hiking</mark>');
    expect(all.body.hits[1].snippet).toContain('<mark>hiking</mark>');
    expect(all.body.hits[1].snippet).not.toContain('<b>');
    expect(all.body.hits[1].snippet).toContain('&amp;');

    const prefs = await as(s).get('/v1/memories/search?q=hiking&category=Preferences');
    expect(prefs.body.hits.map((h: { content: string }) => h.content)).toEqual([
      'Loves hiking <b>trails</b> & climbing in the Alps.',
    ]);
    // another account's memories never match
    await expect(as(b).get('/v1/memories/search?q=hiking')).resolves.toMatchObject({
      status: 200,
      body: { hits: [] },
    });
  });

  it('creates, edits with a version, and soft-deletes; another account gets 404 and bad input 400 with the field', async () => {
    const created = await as(a).post('/v1/memories', {
      content: 'Started learning the cello.',
      category: 'All',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      factType: 'fact',
      confidence: 'high',
      source: 'manual',
      origin: { session: 'manual' },
      version: 1,
    });
    const id = created.body.id as string;
    // The same memory added again (remember_fact said twice) is the one already kept.
    const twice = await as(a).post('/v1/memories', {
      content: 'Started learning the cello.',
      category: 'All',
    });
    expect([twice.status, twice.body.id]).toEqual([200, id]);
    // read-your-writes: the list right after the POST has it
    expect(
      (await as(a).get('/v1/memories?category=Facts')).body.memories.map(
        (m: { id: string }) => m.id,
      ),
    ).toContain(id);

    const bad = await as(a).post('/v1/memories', { content: '   ', factType: 'hobby' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'body.content',
      'body.factType',
    ]);

    const edited = await as(a).patch(`/v1/memories/${id}`, {
      content: 'Started learning the cello in November.',
      version: 1,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      content: 'Started learning the cello in November.',
      version: 2,
    });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(created.body.updatedAt),
    );

    const stale = await as(a).patch(`/v1/memories/${id}`, {
      content: 'An older edit.',
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toContain('version 2');
    expect((await as(a).get(`/v1/memories/${id}`)).body.content).toBe(
      'Started learning the cello in November.',
    );
    await expect(as(a).patch(`/v1/memories/${id}`, { version: 2 })).resolves.toMatchObject({
      status: 400,
    });

    await expect(as(b).get(`/v1/memories/${id}`)).resolves.toMatchObject({ status: 404 });
    await expect(
      as(b).patch(`/v1/memories/${id}`, { content: 'hijack', version: 2 }),
    ).resolves.toMatchObject({ status: 404 });
    await expect(as(b).del(`/v1/memories/${id}`)).resolves.toMatchObject({ status: 404 });

    await expect(as(a).del(`/v1/memories/${id}?version=1`)).resolves.toMatchObject({ status: 409 });
    await expect(as(a).del(`/v1/memories/${id}`)).resolves.toMatchObject({ status: 204 });
    await expect(as(a).get(`/v1/memories/${id}`)).resolves.toMatchObject({ status: 404 });
    await expect(as(a).del(`/v1/memories/${id}`)).resolves.toMatchObject({ status: 404 });
    expect(
      (await as(a).get('/v1/memories')).body.memories.map((m: { id: string }) => m.id),
    ).not.toContain(id);
    const row = await harness.platform.infra.dataSource.query(
      'SELECT status, version FROM memory_facts WHERE id = $1',
      [id],
    );
    expect(row).toEqual([{ status: 'deleted', version: 3 }]);
  });

  it('keeps sensitive facts as proposals until confirmed; a rejected one never becomes a memory', async () => {
    const p = await harness.createAccount('proposals');
    const proposal = (content: string) => ({
      proposalId: randomUUID(),
      factId: randomUUID(),
      factType: 'event',
      content,
      confidence: 'high',
      source: 'extraction',
      sourceSession: 's-9',
      sensitiveReason: 'names a medication',
    });
    const meds = proposal('Takes 20mg of fluoxetine daily.');
    const asthma = proposal('Has asthma since childhood.');
    await publish(p.accountId, 'MemoryFactProposed', meds);
    await publish(p.accountId, 'MemoryFactProposed', asthma);

    expect((await as(p).get('/v1/memories')).body).toMatchObject({ memories: [], total: 0 });
    // Offered once: the next turn gets both, the one after gets none; both stay pending.
    const offered = await as(p).post('/v1/proposals/offer');
    expect(offered.status).toBe(200);
    expect(offered.body.proposals.map((x: { id: string }) => x.id).sort()).toEqual(
      [meds.proposalId, asthma.proposalId].sort(),
    );
    await expect(as(p).post('/v1/proposals/offer')).resolves.toMatchObject({
      status: 200,
      body: { proposals: [] },
    });
    await expect(as(b).post('/v1/proposals/offer')).resolves.toMatchObject({
      status: 200,
      body: { proposals: [] },
    });
    const pending = await as(p).get('/v1/proposals');
    expect(
      pending.body.proposals.every(
        (x: { status: string; offeredAt: string | null }) =>
          x.status === 'pending' && x.offeredAt !== null,
      ),
    ).toBe(true);
    expect(pending.body.proposals.map((x: { id: string }) => x.id).sort()).toEqual(
      [meds.proposalId, asthma.proposalId].sort(),
    );
    await expect(as(b).post(`/v1/proposals/${meds.proposalId}/confirm`)).resolves.toMatchObject({
      status: 404,
    });

    const confirmed = await as(p).post(`/v1/proposals/${meds.proposalId}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.proposal.status).toBe('confirmed');
    expect(confirmed.body.memory).toMatchObject({
      id: meds.factId,
      content: 'Takes 20mg of fluoxetine daily.',
      confirmed: true,
      sensitive: true,
    });
    await expect(as(p).post(`/v1/proposals/${meds.proposalId}/reject`)).resolves.toMatchObject({
      status: 409,
    });

    await expect(as(p).post(`/v1/proposals/${asthma.proposalId}/reject`)).resolves.toMatchObject({
      status: 200,
      body: { proposal: { status: 'rejected' } },
    });
    expect((await as(p).get('/v1/proposals')).body.proposals).toEqual([]);
    const memories = (await as(p).get('/v1/memories')).body.memories.map(
      (m: { id: string }) => m.id,
    );
    expect(memories).toEqual([meds.factId]);
  });

  it('remembers one of the account’s own user messages once; a sensitive one is only proposed', async () => {
    const r = await harness.createAccount('rememberer');
    const turn = (seq: number, role: string, text: string) =>
      publish(r.accountId, 'TurnRecorded', { seq, role, text }, { sessionId: 'chat-1' });
    await publish(
      r.accountId,
      'SessionStarted',
      { source: 'ai-coaching:free' },
      { sessionId: 'chat-1' },
    );
    await turn(1, 'user', 'I prefer  walking meetings to sitting ones.');
    await turn(2, 'assistant', 'Noted, walking meetings it is.');
    await turn(3, 'user', 'I was diagnosed with ADHD last year.');
    await turn(5, 'user', 'I really prefer walking meetings over sitting ones.');
    await eventually(
      () =>
        harness.platform.infra.dataSource.query(
          'SELECT count(*)::int AS n FROM turns WHERE account_id = $1',
          [r.accountId],
        ),
      (rows: Array<{ n: number }>) => rows[0]?.n === 4,
    );

    const saved = await as(r).post('/v1/memories/remember', { sessionId: 'chat-1', seq: 1 });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      status: 'saved',
      memory: {
        content: 'Prefers walking meetings to sitting ones.',
        factType: 'preference',
        source: 'coach',
        confidence: 'high',
        origin: { session: 'chat-1', messageSeq: 1 },
      },
    });
    await expect(
      as(r).post('/v1/memories/remember', { sessionId: 'chat-1', seq: 1 }),
    ).resolves.toMatchObject({ status: 409 });
    // The same fact remembered again in other words is the memory already kept.
    const again = await as(r).post('/v1/memories/remember', { sessionId: 'chat-1', seq: 5 });
    expect([again.status, again.body.memory?.id]).toEqual([200, saved.body.memory.id]);
    const assistant = await as(r).post('/v1/memories/remember', { sessionId: 'chat-1', seq: 2 });
    expect(assistant.status).toBe(400);
    expect(assistant.body.error.issues).toEqual([expect.objectContaining({ path: 'body.seq' })]);
    await expect(
      as(r).post('/v1/memories/remember', { sessionId: 'chat-1', seq: 3, currentTurnSeq: 5 }),
    ).resolves.toMatchObject({ status: 400 });
    await expect(
      as(b).post('/v1/memories/remember', { sessionId: 'chat-1', seq: 1 }),
    ).resolves.toMatchObject({ status: 404 });

    const proposed = await as(r).post('/v1/memories/remember', { sessionId: 'chat-1', seq: 3 });
    expect(proposed.status).toBe(202);
    // The same shape GET /v1/proposals lists.
    expect(proposed.body).toMatchObject({
      status: 'proposed',
      proposal: {
        content: 'Was diagnosed with ADHD last year.',
        source: 'coach',
        origin: { session: 'chat-1', messageSeq: 3 },
        status: 'pending',
      },
    });
    const listed = (await as(r).get('/v1/memories')).body.memories.map(
      (m: { content: string }) => m.content,
    );
    expect(listed).toEqual(['Prefers walking meetings to sitting ones.']);
    expect((await as(r).get('/v1/proposals')).body.proposals).toHaveLength(1);
  });

  it('activates at most three plans, counts the review window from activation, and keeps check-ins and reminders', async () => {
    const pl = await harness.createAccount('planner');
    const ids = ['walk', 'sleep', 'read', 'cook'];
    for (const id of ids)
      await publish(
        pl.accountId,
        'PlanProposed',
        { planId: id, title: `Plan ${id}`, steps: ['start'], reviewDays: 7 },
        { at: new Date().toISOString(), sessionId: 'chat-2' },
      );
    await publish(
      pl.accountId,
      'ReminderSet',
      { reminderId: 'r1', text: 'Call the dentist', dueAt: '2026-12-01T09:00:00Z' },
      { sessionId: 'chat-2' },
    );

    const before = Date.now();
    const first = await as(pl).post('/v1/plans/walk/activate');
    expect(first.status).toBe(200);
    expect(Date.parse(first.body.activatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(first.body.reviewDueAt) - Date.parse(first.body.activatedAt)).toBe(7 * DAY);
    await expect(as(pl).post('/v1/plans/walk/activate')).resolves.toMatchObject({ status: 409 });
    await expect(as(pl).post('/v1/plans/sleep/activate')).resolves.toMatchObject({ status: 200 });
    await expect(as(pl).post('/v1/plans/read/activate')).resolves.toMatchObject({ status: 200 });
    const fourth = await as(pl).post('/v1/plans/cook/activate');
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.message).toContain('3 plans are already open');
    await expect(as(b).post('/v1/plans/cook/activate')).resolves.toMatchObject({ status: 404 });

    await expect(
      as(pl).post('/v1/plans/cook/checkins', { progress: 'not yet' }),
    ).resolves.toMatchObject({ status: 409 });
    const checked = await as(pl).post('/v1/plans/walk/checkins', {
      progress: 'Walked 3 km on Monday.',
    });
    expect(checked.status).toBe(201);
    expect(checked.body.progress).toMatch(
      /^Plan walk: 1 check-in, review on \d{4}-\d{2}-\d{2}; latest: Walked 3 km on Monday\.$/,
    );
    // The projected progress (what the memory block reads) says what the API says, check-ins or not.
    const listed = (await as(pl).get('/v1/plans')).body.plans as Array<{
      id: string;
      title: string;
      progress: string | null;
    }>;
    const projected: Array<{ id: string; progress_line: string }> =
      await harness.platform.infra.dataSource.query(
        `SELECT id, progress_line FROM plans WHERE account_id = $1 AND status = 'active' ORDER BY id`,
        [pl.accountId],
      );
    expect(projected.map((row) => [row.id, `Plan ${row.id}: ${row.progress_line}`])).toEqual(
      listed
        .filter((plan) => plan.progress !== null)
        .map((plan) => [plan.id, plan.progress])
        .sort(),
    );
    expect(projected.map((row) => row.id)).toEqual(['read', 'sleep', 'walk']);

    await expect(
      as(pl).post('/v1/plans/read/close', { reason: 'completed' }),
    ).resolves.toMatchObject({
      status: 200,
      body: { status: 'closed', closedReason: 'completed' },
    });
    await expect(as(pl).post('/v1/plans/cook/activate')).resolves.toMatchObject({ status: 200 });

    const reminders = await as(pl).get('/v1/reminders');
    expect(reminders.body.reminders).toEqual([
      expect.objectContaining({
        id: 'r1',
        text: 'Call the dentist',
        dueAt: '2026-12-01T09:00:00.000Z',
        sessionId: 'chat-2',
      }),
    ]);
  });

  it('streams each change of the caller’s memories as a server-sent event, with the version', async () => {
    const events: Array<{ event: string; data: any }> = [];
    const request = http.get({
      host: '127.0.0.1',
      port: harness.platform.httpPort!,
      path: '/v1/memories/stream',
      headers: { Authorization: `Bearer ${a.apiKey}` },
    });
    try {
      const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
        request.on('response', resolve).on('error', reject),
      );
      expect(response.headers['content-type']).toContain('text/event-stream');
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      });
      await eventually(
        async () => events,
        (list) => list.some((e) => e.event === 'ready'),
        5_000,
      );

      await as(b).post('/v1/memories', { content: 'Bob’s own memory.' });
      const created = await as(a).post('/v1/memories', { content: 'Alice keeps bees.' });
      await as(a).patch(`/v1/memories/${created.body.id}`, {
        content: 'Alice keeps two hives of bees.',
        version: 1,
      });
      const changes = await eventually(
        async () => events.filter((e) => e.event === 'change'),
        (list) => list.length >= 2,
        5_000,
      );
      expect(
        changes.map((c) => ({
          type: c.data.type,
          memoryId: c.data.memoryId,
          version: c.data.version,
        })),
      ).toEqual([
        { type: 'created', memoryId: created.body.id, version: 1 },
        { type: 'edited', memoryId: created.body.id, version: 2 },
      ]);
    } finally {
      request.destroy();
    }
  });

  it('lapses unanswered fact and plan proposals after 14 days, by a sweep driven with an injected clock', async () => {
    const l = await harness.createAccount('lapser');
    const now = Date.now();
    const old = {
      proposalId: randomUUID(),
      factId: randomUUID(),
      factType: 'event',
      content: 'Uses an inhaler.',
      confidence: 'high',
      source: 'extraction',
      sourceSession: 's',
      sensitiveReason: 'names a medication',
    };
    await publish(l.accountId, 'MemoryFactProposed', old, { at: new Date(now).toISOString() });
    await publish(
      l.accountId,
      'PlanProposed',
      { planId: 'stretch', title: 'Stretch daily' },
      { at: new Date(now).toISOString() },
    );

    await expect(
      sweepLapsed(harness.platform.infra, new Date(now + 13 * DAY)),
    ).resolves.toMatchObject({ proposals: 0, plans: 0 });
    const swept = await sweepLapsed(harness.platform.infra, new Date(now + 14 * DAY + 1000));
    expect(swept.proposals).toBeGreaterThanOrEqual(1);
    expect(swept.plans).toBeGreaterThanOrEqual(1);
    await waitForCheckpoint(
      harness.platform.infra.dataSource,
      'memory',
      await harness.platform.infra.log.lastSeq('events'),
    );

    expect((await as(l).get('/v1/proposals')).body.proposals).toEqual([]);
    await expect(as(l).post(`/v1/proposals/${old.proposalId}/confirm`)).resolves.toMatchObject({
      status: 409,
    });
    expect((await as(l).get('/v1/memories')).body.total).toBe(0);
    expect((await as(l).get('/v1/plans')).body.plans).toEqual([
      expect.objectContaining({ id: 'stretch', status: 'closed', closedReason: 'lapsed' }),
    ]);
    // a second sweep finds nothing left to lapse
    await expect(
      sweepLapsed(harness.platform.infra, new Date(now + 15 * DAY)),
    ).resolves.toMatchObject({ proposals: 0, plans: 0 });
  });

  it('rebuilds memories, proposals and plans identically by replaying the log', async () => {
    const { dataSource, log } = harness.platform.infra;
    await expect(
      waitForCheckpoint(dataSource, 'memory', await log.lastSeq('events')),
    ).resolves.toBe(true);
    const live = await checksumProjection(dataSource, memoryProjection);
    expect(Number(live.memory_facts?.split(':')[0])).toBeGreaterThan(10);
    await replayProjection(dataSource, log, memoryProjection);
    await expect(checksumProjection(dataSource, memoryProjection)).resolves.toEqual(live);
  });

  it('changes nothing when an event is delivered again', async () => {
    const { dataSource, log } = harness.platform.infra;
    const stored: StoredEventOf<(typeof memoryProjection.handles)[number]>[] = [];
    for await (const batch of log.read('events', 1))
      stored.push(...storedOf(batch, ...memoryProjection.handles));
    const before = await checksumProjection(dataSource, memoryProjection);
    await dataSource.transaction(async (manager) => {
      for (const event of stored) await memoryProjection.apply(manager, event);
    });
    await expect(checksumProjection(dataSource, memoryProjection)).resolves.toEqual(before);
  });
});
