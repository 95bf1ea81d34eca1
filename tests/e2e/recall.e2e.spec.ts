import { randomUUID } from 'node:crypto';
import { buildEvent } from '@mnemo/contracts';
import { ADMIN_KEY, startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';
import { firstItems, itemAt } from '@mnemo/testing';

type Account = { accountId: string; apiKey: string };
type Hit = {
  chunkId: string;
  sessionId: string;
  turnSeqs: number[];
  occurredAt: string;
  snippet: string;
  text: string;
  highlights: Array<[number, number]>;
  score: number;
};

// Both ways of finding candidates answer alike: an account small enough to score every match (the
// default up to 1,000 chunks), and the bounded selections a large account is read through, forced here
// on the same small data (only the scale bench would reach them otherwise).
describe.each([
  ['every match scored', {}],
  ['bounded selections, as at scale', { MNEMO_RECALL_EXHAUSTIVE_CHUNKS: '0' }],
])(
  'recall: conversation chunks and POST /v1/recall through the gateway (%s)',
  (_path, env: Record<string, string>) => {
    let harness: Harness;
    let account: Account;
    let other: Account;

    const send = (owner: Account, events: object[]) =>
      harness
        .http()
        .post('/v1/events')
        .set('Authorization', `Bearer ${owner.apiKey}`)
        .send({ events })
        .expect(202);
    const started = (sessionId: string, day: string, payload: object = {}) => ({
      id: randomUUID(),
      type: 'SessionStarted',
      sessionId,
      occurredAt: `${day}T09:00:00Z`,
      payload: { source: 'claude-code', ...payload },
    });
    const turn = (
      sessionId: string,
      day: string,
      seq: number,
      role: string,
      text: string,
      extra: object = {},
    ) => ({
      id: randomUUID(),
      type: 'TurnRecorded',
      sessionId,
      occurredAt: `${day}T09:${String(seq).padStart(2, '0')}:00Z`,
      payload: { seq, role, text, ...extra },
    });
    const outcome = (
      sessionId: string,
      day: string,
      result: string,
      summary: string,
      filesEdited: string[],
    ) => ({
      id: randomUUID(),
      type: 'SessionOutcomeRecorded',
      sessionId,
      occurredAt: `${day}T18:00:00Z`,
      payload: {
        summary,
        firstUserTurn: summary,
        lastAssistantTurn: 'done',
        filesRead: [],
        filesEdited,
        toolsCalled: { Edit: 1 },
        commitShas: ['abc1234'],
        startedAt: `${day}T09:00:00Z`,
        endedAt: `${day}T18:00:00Z`,
        outcome: result,
      },
    });
    const get = (url: string, key = account.apiKey) =>
      harness.http().get(url).set('Authorization', `Bearer ${key}`);
    const recall = (body: object, key = account.apiKey) =>
      harness.http().post('/v1/recall').set('Authorization', `Bearer ${key}`).send(body);
    const hitsFor = async (body: object, done: (hits: Hit[]) => boolean, key = account.apiKey) =>
      eventually(
        async () => (await recall(body, key)).body.hits as Hit[],
        (hits) => Array.isArray(hits) && done(hits),
      );

    beforeAll(async () => {
      harness = await startHarness({ env });
      account = await harness.createAccount('recall');
      other = await harness.createAccount('recall-other');
      await send(account, [
        started('s-pool', '2026-03-10', {
          developer: 'ana',
          cwd: '/src/shop',
          project: '/src/shop',
        }),
        turn(
          's-pool',
          '2026-03-10',
          1,
          'user',
          'The checkout service keeps timing out under load. What should we look at first?',
        ),
        turn('s-pool', '2026-03-10', 2, 'assistant', 'Let me read the database configuration.', {
          toolCalls: [
            {
              name: 'Read',
              input: '{"file_path":"db.ts"}',
              result: 'const quuxfrobnicator = createPool({ max: 5 })',
            },
          ],
        }),
        turn(
          's-pool',
          '2026-03-10',
          3,
          'assistant',
          'The Postgres connection pool is capped at five connections; every request waits for a free one. Raising the pool size to forty fixes the timeouts.',
        ),
        turn(
          's-pool',
          '2026-03-10',
          4,
          'user',
          'Agreed, raise it to forty. My key is sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789ABCD, keep it out of the logs.',
        ),
        started('s-css', '2026-05-02', {
          developer: 'ben',
          cwd: '/src/site',
          project: '/src/site',
        }),
        turn('s-css', '2026-05-02', 1, 'user', 'The landing page header wraps badly on phones.'),
        turn(
          's-css',
          '2026-05-02',
          2,
          'assistant',
          'A flexbox wrap rule on the header fixes the layout on narrow screens.',
        ),
      ]);
      await send(other, [
        started('s-x', '2026-03-11'),
        turn('s-x', '2026-03-11', 1, 'user', 'The Postgres connection pool needs tuning too.'),
      ]);
      await send(account, [
        started('w-merged', '2026-02-01', { developer: 'ana', project: '/src/shop' }),
        outcome(
          'w-merged',
          '2026-02-01',
          'merged',
          'Add retries with backoff to the payment webhook handler',
          ['/src/shop/src/webhooks/handler.ts'],
        ),
        started('w-reverted', '2026-02-03', { developer: 'ben', project: '/src/shop' }),
        outcome(
          'w-reverted',
          '2026-02-03',
          'reverted',
          'Rewrite the payment webhook handler as a queue consumer',
          ['/src/shop/src/webhooks/handler.ts', '/src/shop/src/queue.ts'],
        ),
        started('w-other', '2026-02-05', { developer: 'ana', project: '/src/shop' }),
        outcome('w-other', '2026-02-05', 'abandoned', 'Try a new date picker', [
          '/src/shop/src/oauth-handler.ts',
        ]),
      ]);
    });

    afterAll(async () => {
      await harness?.stop();
    });

    it('answers the chunk that holds the answer, best-matching turn first, scored 0–1 with a dated, highlighted snippet', async () => {
      const body = {
        query: 'Why was checkout timing out? The Postgres connection pool?',
        limit: 5,
      };
      // asked again once the whole session is projected: a question weighed while its turns arrive weighs its words by a df still changing
      await hitsFor(body, (hits) => hits[0]?.turnSeqs.length === 4);
      const [best] = firstItems((await recall(body).expect(200)).body.hits as Hit[], 1);
      expect(best).toMatchObject({
        chunkId: 's-pool#1',
        sessionId: 's-pool',
        occurredAt: '2026-03-10T09:01:00.000Z',
      });
      expect(best.turnSeqs[0]).toBe(3);
      expect([...best.turnSeqs].sort()).toEqual([1, 2, 3, 4]);
      expect(best.score).toBeGreaterThanOrEqual(0.3);
      expect(best.score).toBeLessThanOrEqual(1);
      expect(best.snippet.startsWith('[2026-03-10] ')).toBe(true);
      expect(best.snippet).toMatch(/\*\*(Postgres|pool|connection)\*\*/);
      // the same words plain, with where the matches are beside them: nothing to parse back
      expect(best.snippet).toBe(
        `[2026-03-10] ${best.highlights.reduceRight((t, [from, to]) => `${t.slice(0, from)}**${t.slice(from, to)}**${t.slice(to)}`, best.text)}`,
      );
      expect(best.text).not.toContain('**');
      expect(best.highlights.length).toBeGreaterThan(0);
      expect(best.highlights.map(([from, to]) => best.text.slice(from, to).toLowerCase())).toEqual(
        expect.arrayContaining([expect.stringMatching(/^(postgres|pool|connection)$/)]),
      );
    });

    it('answers a question whose only word is too common to select by from the newest chunks holding it (the fallback, at scale)', async () => {
      // 220 chunks (one long turn each) hold "kettle": more than a bounded selection reads by any word,
      // so at scale the question finds nothing selected and falls back to that word's newest chunks.
      const wide = await harness.createAccount('recall-wide');
      const at = (n: number) =>
        new Date(Date.parse('2026-06-01T08:00:00Z') + n * 60_000).toISOString();
      const text = (n: number) =>
        `Evening ${n}: ${'we boiled water for tea in the old kettle and talked about the garden, the books on the shelf and the long summer by the sea. '.repeat(7)}`;
      const turns = Array.from({ length: 220 }, (_, i) => ({
        id: randomUUID(),
        type: 'TurnRecorded',
        sessionId: 's-wide',
        occurredAt: at(i + 1),
        payload: { seq: i + 1, role: i % 2 ? 'assistant' : 'user', text: text(i + 1) },
      }));
      await send(wide, [{ ...started('s-wide', '2026-06-01'), occurredAt: at(0) }]);
      for (let i = 0; i < turns.length; i += 50) await send(wide, turns.slice(i, i + 50));
      const hits = await hitsFor(
        { query: 'kettle', limit: 10 },
        (found) => found.length === 10 && found[0]?.turnSeqs.includes(220) === true,
        wide.apiKey,
      );
      expect(hits.map((hit) => hit.occurredAt)).toEqual(
        [...hits.map((hit) => hit.occurredAt)].sort().reverse(),
      );
      expect(new Set(hits.map((hit) => hit.occurredAt)).size).toBe(10);
      expect(hits.every((hit) => hit.score === 1 && hit.sessionId === 's-wide')).toBe(true);
    });

    it('keeps tool calls out of the chunks and secrets out of the snippets', async () => {
      await hitsFor({ query: 'pool size forty', limit: 5 }, (hits) => hits.length > 0);
      expect((await recall({ query: 'quuxfrobnicator', limit: 5 }).expect(200)).body.hits).toEqual(
        [],
      );
      const { body } = await recall({ query: 'keep my key out of the logs', limit: 5 }).expect(200);
      expect(body.hits.length).toBeGreaterThan(0);
      expect(JSON.stringify(body)).not.toContain('sk-ant-api03');
    });

    it('drops hits under the minimum score: a question about something never said answers nothing', async () => {
      await hitsFor({ query: 'connection pool', limit: 5 }, (hits) => hits.length > 0);
      expect(
        (
          await recall({
            query: 'kubernetes helm chart rollback strategy for the checkout',
            limit: 5,
          }).expect(200)
        ).body.hits,
      ).toEqual([]);
    });

    it('indexes what was said, not what Claude Code injected into the turn', async () => {
      const hooked = await harness.createAccount('recall-hooked');
      await send(hooked, [
        started('s-hooked', '2026-04-20'),
        turn(
          's-hooked',
          '2026-04-20',
          1,
          'user',
          '<system-reminder>Always run the linter and the formatter before you commit.</system-reminder>\n<command-name>/review</command-name>Rename the invoices table to billing_documents.',
        ),
      ]);
      const [hit] = firstItems(
        await hitsFor(
          { query: 'rename the invoices table', limit: 5 },
          (hits) => hits.length > 0,
          hooked.apiKey,
        ),
        1,
      );
      expect(hit.sessionId).toBe('s-hooked');
      expect(hit.snippet).not.toMatch(/linter|review/);
      expect(
        (await recall({ query: 'linter formatter', limit: 5 }, hooked.apiKey).expect(200)).body
          .hits,
      ).toEqual([]);
    });

    it("leaves the asking session's own turns out unless it names that session", async () => {
      const query = 'Postgres connection pool';
      await hitsFor({ query, limit: 5 }, (hits) => hits.some((h) => h.sessionId === 's-pool'));
      const sessionsOf = async (body: object) =>
        ((await recall(body).expect(200)).body.hits as Hit[]).map((h) => h.sessionId);
      expect(await sessionsOf({ query, limit: 10, askingSessionId: 's-pool' })).not.toContain(
        's-pool',
      );
      expect(await sessionsOf({ query, limit: 10, askingSessionId: 's-css' })).toContain('s-pool');
      expect(
        await sessionsOf({ query, limit: 10, askingSessionId: 's-pool', sessionIds: ['s-pool'] }),
      ).toEqual(['s-pool']);
    });

    it('filters by sessions, developer, project and date, and never crosses accounts', async () => {
      await hitsFor({ query: 'header layout on phones', limit: 5 }, (hits) => hits.length > 0);
      const sessionsOf = async (body: object, key?: string) =>
        ((await recall(body, key).expect(200)).body.hits as Hit[]).map((h) => h.sessionId);
      const query = 'connection pool header layout';
      expect(new Set(await sessionsOf({ query, limit: 10 }))).toEqual(new Set(['s-pool', 's-css']));
      expect(await sessionsOf({ query, limit: 10, developer: 'ben' })).toEqual(['s-css']);
      expect(await sessionsOf({ query, limit: 10, project: '/src/shop' })).toEqual(['s-pool']);
      expect(await sessionsOf({ query, limit: 10, sessionIds: ['s-css'] })).toEqual(['s-css']);
      expect(await sessionsOf({ query, limit: 10, since: '2026-04-01' })).toEqual(['s-css']);
      expect(
        await sessionsOf({ query: 'Postgres connection pool', limit: 10 }, other.apiKey),
      ).toEqual(['s-x']);
    });

    it('updates a chunk in place when a turn is recorded again under its seq', async () => {
      await hitsFor({ query: 'flexbox rule', limit: 5 }, (hits) => hits.length > 0);
      await send(account, [
        turn(
          's-css',
          '2026-05-02',
          2,
          'assistant',
          'A CSS grid template on the header fixes the layout on narrow screens.',
        ),
      ]);
      // the rewritten words answer once the projection has applied the turn again
      const hit = itemAt(
        await hitsFor({ query: 'CSS grid template header', limit: 5 }, (hits) =>
          hits.some((h) => h.text.includes('grid template')),
        ),
        0,
      );
      expect(hit.chunkId).toBe('s-css#1');
      expect((await recall({ query: 'flexbox rule', limit: 5 }).expect(200)).body.hits).toEqual([]);
    });

    it("keeps each lexeme's count equal to the chunks holding it (the chunk count under ''), over batches of several sessions and a rewritten turn", async () => {
      const db = harness.platform.infra.dataSource;
      const counts = async () =>
        Promise.all([
          db.query<Array<{ lexeme: string; df: number }>>(
            `SELECT lexeme, df FROM recall_lexemes WHERE account_id = $1 ORDER BY lexeme`,
            [account.accountId],
          ),
          db.query<Array<{ lexeme: string; df: number }>>(
            `SELECT lexeme, count(*)::int AS df FROM (SELECT unnest(tsvector_to_array(to_tsvector('english', text))) AS lexeme FROM recall_chunks WHERE account_id = $1
             UNION ALL SELECT '' FROM recall_chunks WHERE account_id = $1) l GROUP BY lexeme ORDER BY lexeme`,
            [account.accountId],
          ),
        ]);
      const chunks = (lexemes: Array<{ lexeme: string; df: number }>) =>
        lexemes.find((l) => l.lexeme === '')?.df ?? 0;
      const [kept, counted] = await eventually(
        counts,
        ([a, b]) => chunks(b) >= 2 && JSON.stringify(a) === JSON.stringify(b),
      );
      expect(chunks(counted)).toBeGreaterThanOrEqual(2);
      expect(kept).toEqual(counted);
      // and the terms retrieval scans are those of the chunks' own text and context, row for row
      const terms: Array<{ chunk_id: string; same: boolean }> = await db.query(
        `SELECT c.chunk_id, t.term_hashes = ARRAY(SELECT hashtext(l) FROM unnest(tsvector_to_array(to_tsvector('english', c.text))) l)
                AND t.near_hashes = ARRAY(SELECT hashtext(l) FROM unnest(tsvector_to_array(to_tsvector('english', c.context))) l) AS same
       FROM recall_chunks c FULL JOIN recall_chunk_terms t USING (account_id, chunk_id) WHERE coalesce(c.account_id, t.account_id) = $1`,
        [account.accountId],
      );
      expect(terms.length).toBe(chunks(counted));
      expect(terms.filter((row) => !row.same)).toEqual([]);
    });

    it('answers 400 naming the field, and 401 without a key', async () => {
      const bad = await recall({ limit: 5 }).expect(400);
      expect(bad.body.error.issues).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'body.query' })]),
      );
      await recall({ query: 'x', limit: 0 }).expect(400);
      await harness.http().post('/v1/recall').send({ query: 'pool' }).expect(401);
    });

    describe('prior work', () => {
      const ids = (body: { sessions: Array<{ sessionId: string }> }) =>
        body.sessions.map((x) => x.sessionId);

      it('finds the sessions that touched a file by path suffix, newest first, each with its verdict', async () => {
        const body = await eventually(
          async () => (await get('/v1/prior-work?file=webhooks/handler.ts')).body,
          (b) => b.sessions?.length === 2,
        );
        expect(body.sessions).toEqual([
          expect.objectContaining({
            sessionId: 'w-reverted',
            verdict: 'avoid',
            outcome: 'reverted',
            commitShas: ['abc1234'],
            developer: 'ben',
          }),
          expect.objectContaining({
            sessionId: 'w-merged',
            verdict: 'template',
            summary: 'Add retries with backoff to the payment webhook handler',
          }),
        ]);
        // a suffix only matches whole path segments: oauth-handler.ts is not handler.ts
        expect(ids((await get('/v1/prior-work?file=handler.ts').expect(200)).body)).toEqual([
          'w-reverted',
          'w-merged',
        ]);
        expect(
          ids(
            (await get('/v1/prior-work?file=webhooks/handler.ts&developer=ana').expect(200)).body,
          ),
        ).toEqual(['w-merged']);
      });

      it('ranks sessions for a task by overlap with their summary and files', async () => {
        const body = await eventually(
          async () =>
            (await get('/v1/prior-work?task=add%20retries%20to%20the%20payment%20webhook')).body,
          (b) => b.sessions?.length >= 2,
        );
        expect(ids(body)[0]).toBe('w-merged');
        expect(body.sessions[0].overlap).toBeGreaterThan(body.sessions[1].overlap);
        expect(ids(body)).not.toContain('w-other');
      });

      it('answers 400 when both file and task are given', async () => {
        await get('/v1/prior-work?file=a.ts&task=x').expect(400);
      });

      it('lists the newest sessions of a project with their verdicts when given neither file nor task', async () => {
        const body = (await get('/v1/prior-work?project=%2Fsrc%2Fshop&limit=10').expect(200)).body;
        const listed = ids(body);
        expect(listed.indexOf('w-other')).toBeGreaterThanOrEqual(0);
        expect(listed.indexOf('w-other')).toBeLessThan(listed.indexOf('w-reverted'));
        expect(listed.indexOf('w-reverted')).toBeLessThan(listed.indexOf('w-merged'));
        expect(body.sessions[listed.indexOf('w-reverted')].verdict).toBe('avoid');
      });
    });

    describe('the visited ledger', () => {
      const mark = (sessionId: string, body: object, key = account.apiKey) =>
        harness
          .http()
          .post(`/v1/sessions/${sessionId}/visited`)
          .set('Authorization', `Bearer ${key}`)
          .send(body);

      it('marks idempotently on identity, refreshes a re-mark, and recalls newest first with a filter', async () => {
        await mark('s-live', {
          path: 'src/db.ts',
          startLine: 10,
          endLine: 42,
          symbol: 'createPool',
        }).expect(200);
        const second = await mark('s-live', {
          ledgerId: 'n-guard',
          path: 'src/auth/guard.ts',
          note: 'checked the key lookup',
        }).expect(200);
        expect(second.body.cite).toBe('n-guard');
        const again = await mark('s-live', {
          path: 'src/db.ts',
          startLine: 10,
          endLine: 42,
          note: 'pool max is 5',
        }).expect(200);
        expect(again.body.cite).toBe('src/db.ts:L10-L42');
        const { body } = await get('/v1/sessions/s-live/visited').expect(200);
        expect(body.visited.map((n: { cite: string }) => n.cite)).toEqual([
          'src/db.ts:L10-L42',
          'n-guard',
        ]);
        expect(body.visited[0]).toMatchObject({ symbol: 'createPool', note: 'pool max is 5' });
        expect(
          (
            await get('/v1/sessions/s-live/visited?filter=KEY%20lookup').expect(200)
          ).body.visited.map((n: { cite: string }) => n.cite),
        ).toEqual(['n-guard']);
      });

      it('answers an empty list for an unknown session and for another account', async () => {
        expect((await get('/v1/sessions/never-seen/visited').expect(200)).body).toEqual({
          visited: [],
        });
        expect((await get('/v1/sessions/s-live/visited', other.apiKey).expect(200)).body).toEqual({
          visited: [],
        });
      });

      it('lives in the cache, never in the log', async () => {
        await mark('s-log', { path: 'src/never-logged.ts' }).expect(200);
        const { log } = harness.platform.infra;
        let found = false;
        for await (const batch of log.read('events', 1))
          if (batch.some((stored) => JSON.stringify(stored.event).includes('never-logged')))
            found = true;
        expect(found).toBe(false);
      });

      it('answers 400 without a ledgerId or a path', async () => {
        const { body } = await mark('s-live', { note: 'x' }).expect(400);
        expect(body.error.issues).toEqual([expect.objectContaining({ path: 'body.path' })]);
      });
    });

    describe('prior decisions (offline distillation, the default)', () => {
      const decisionsFor = (q: string, key = account.apiKey) =>
        get(`/v1/prior-decisions?q=${encodeURIComponent(q)}`, key);
      const summary =
        'We decided against Kafka for the event bus because the team already runs NATS and one broker is enough. ' +
        'We chose JetStream durable consumers for the projections. Sharding the stream was deferred until traffic grows. ' +
        'Turns out the NATS server here is 2.9, so a consumer takes one filter subject.';

      beforeAll(async () => {
        await send(account, [
          started('d-1', '2026-03-20', { developer: 'ana', project: '/src/bus' }),
          outcome('d-1', '2026-03-20', 'merged', summary, ['/src/bus/consumer.ts']),
        ]);
      });

      it('distils decisions from a session summary with their stance and rationale, closing with the advisory note', async () => {
        const body = await eventually(
          async () => (await decisionsFor('should we use Kafka for the event bus?')).body,
          (b) => b.decisions?.length > 0,
        );
        expect(body.decisions[0]).toMatchObject({
          sessionId: 'd-1',
          stance: 'rejected',
          topic: 'Kafka for the event bus',
          rationale: expect.stringContaining('the team already runs NATS'),
          developer: 'ana',
          project: '/src/bus',
        });
        expect(body.decisions[0].score).toBeGreaterThanOrEqual(0.35);
        expect(body.note).toMatch(/never a veto/);
        // the session's decisions are appended together but may be projected in more than one batch
        const deferred = (
          await eventually(
            async () => (await decisionsFor('sharding the stream')).body,
            (b) => b.decisions?.length > 0,
          )
        ).decisions;
        expect(deferred[0]).toMatchObject({ stance: 'deferred', topic: 'Sharding the stream' });
      });

      it('keeps lessons with the prior work of the session', async () => {
        const body = await eventually(
          async () => (await get('/v1/prior-work?file=bus/consumer.ts')).body,
          (b) => b.sessions?.[0]?.lessons?.length > 0,
        );
        expect(body.sessions[0].lessons).toEqual([
          'Turns out the NATS server here is 2.9, so a consumer takes one filter subject.',
        ]);
      });

      it('drops decisions under the minimum relevance, filters by developer, and never crosses accounts', async () => {
        await eventually(
          async () => (await decisionsFor('Kafka event bus')).body,
          (b) => b.decisions?.length > 0,
        );
        expect(
          (
            await decisionsFor(
              'kafka retention tiered storage compaction policy partitions',
            ).expect(200)
          ).body.decisions,
        ).toEqual([]);
        expect(
          (await get('/v1/prior-decisions?q=kafka&developer=ben').expect(200)).body.decisions,
        ).toEqual([]);
        expect(
          (await decisionsFor('Kafka event bus', other.apiKey).expect(200)).body.decisions,
        ).toEqual([]);
        await get('/v1/prior-decisions?q=').expect(400);
        // no question: the project's newest decisions, as a coding session's digest lists them
        const newest = (await get('/v1/prior-decisions?project=%2Fsrc%2Fbus').expect(200)).body;
        expect(newest.decisions.length).toBeGreaterThan(0);
        expect(newest.decisions.every((d: { project: string }) => d.project === '/src/bus')).toBe(
          true,
        );
        expect((await get('/v1/prior-decisions?project=%2Fsrc%2Fnone').expect(200)).body).toEqual(
          expect.objectContaining({ decisions: [] }),
        );
      });

      it('updates a decision in place when its session is distilled again (ids are session + topic)', async () => {
        await eventually(
          async () => (await decisionsFor('Kafka event bus')).body,
          (b) => b.decisions?.length > 0,
        );
        const again = summary.replace(
          'one broker is enough',
          'running two brokers doubles the on-call load',
        );
        await send(account, [
          outcome('d-1', '2026-03-21', 'merged', again, ['/src/bus/consumer.ts']),
        ]);
        const body = await eventually(
          async () => (await decisionsFor('Kafka event bus')).body,
          (b) => b.decisions?.some((d: { rationale: string }) => d.rationale.includes('on-call')),
        );
        expect(
          body.decisions.filter((d: { topic: string }) => d.topic === 'Kafka for the event bus'),
        ).toHaveLength(1);
      });
    });

    describe('operations: stats and on-demand runs', () => {
      const admin = () => ({ Authorization: `Bearer ${ADMIN_KEY}` });
      /** Appends an event as its owning service would (memory, the cost ledger, the transcript loop). */
      const publish = (owner: Account, type: string, payload: object) =>
        harness.platform.infra.log.append(
          'events',
          buildEvent({
            type: type as never,
            id: randomUUID(),
            accountId: owner.accountId,
            occurredAt: new Date(),
            producer: 'test',
            payload: payload as never,
          }),
        );
      const decisionSummary =
        'We decided against Kafka for the event bus because the team already runs NATS and one broker is enough.';

      /** A fresh account of the test's own: one chunked session and one distilled decision, projected before it answers. */
      async function opsAccount(name: string): Promise<Account> {
        const owner = await harness.createAccount(name);
        await send(owner, [
          started('o-pool', '2026-03-10', { developer: 'ana', project: '/src/shop' }),
          turn(
            'o-pool',
            '2026-03-10',
            1,
            'user',
            'The checkout service keeps timing out under load.',
          ),
          turn(
            'o-pool',
            '2026-03-10',
            2,
            'assistant',
            'The Postgres connection pool is capped at five connections; raise it to forty.',
          ),
          started('o-bus', '2026-03-20', { developer: 'ana', project: '/src/bus' }),
          outcome('o-bus', '2026-03-20', 'merged', decisionSummary, ['/src/bus/consumer.ts']),
        ]);
        await hitsFor(
          { query: 'connection pool', limit: 5 },
          (hits) => hits.length > 0,
          owner.apiKey,
        );
        await eventually(
          async () => (await get('/v1/prior-decisions?q=kafka', owner.apiKey)).body,
          (b) => b.decisions?.length > 0,
        );
        return owner;
      }

      it("counts the account's sessions, chunks, memories, decisions, agent queries, loop runs and spend per pool per day", async () => {
        const owner = await opsAccount('ops-stats');
        const day = new Date().toISOString().slice(0, 10);
        const fact = {
          factType: 'goal',
          content: 'Ship the refund redesign.',
          confidence: 'high',
          source: 'manual',
          sourceSession: 'manual',
        };
        await publish(owner, 'MemoryFactCreated', { ...fact, factId: 'f-1' });
        await publish(owner, 'MemoryFactCreated', { ...fact, factId: 'f-2' });
        await publish(owner, 'MemoryFactDeleted', { factId: 'f-2' });
        const settled = {
          pools: ['session'],
          label: 'decision',
          model: 'm',
          inputTokens: 10,
          outputTokens: 5,
          costUsd: 0.002,
          outcome: 'ok',
          day,
        };
        await publish(owner, 'LlmCallSettled', settled);
        await publish(owner, 'LlmCallSettled', {
          ...settled,
          pools: ['compaction'],
          label: 'compaction',
          costUsd: 0.01,
        });
        const run = {
          runId: randomUUID(),
          trigger: 'admin',
          root: '/t',
          startedAt: new Date().toISOString(),
          finishedAt: new Date().toISOString(),
          durationMs: 42,
          files: 3,
          sessions: 2,
          turns: 9,
          events: 12,
          skippedFiles: 0,
          skippedLines: 0,
        };
        await publish(owner, 'TranscriptIngestRunCompleted', run);
        const stats = await eventually(
          async () => (await get('/v1/stats', owner.apiKey)).body,
          (b) =>
            b.memories === 1 &&
            b.spendPerPoolPerDay?.length === 2 &&
            b.transcriptLoop?.lastCount === 2,
        );
        expect(stats).toMatchObject({
          memories: 1,
          sessionsIngested: 2,
          transcriptLoop: { lastCount: 2, lastDurationMs: 42, lastError: null, trigger: 'admin' },
        });
        expect(stats.chunks).toBe(1);
        expect(stats.decisions).toBeGreaterThanOrEqual(1);
        expect(stats.spendPerPoolPerDay).toEqual([
          { day, pool: 'compaction', usd: 0.01, calls: 1 },
          { day, pool: 'session', usd: 0.002, calls: 1 },
        ]);
        // opsAccount asked recall (hits) and prior decisions: both are agent queries
        expect(stats.agentQueries.total).toBeGreaterThan(0);
        expect(stats.agentQueries.hitRate).toBeGreaterThan(0);
        expect(stats.agentQueries.hitRate).toBeLessThanOrEqual(1);
        expect(stats.agentQueries.latencyMs.p99).toBeGreaterThanOrEqual(
          stats.agentQueries.latencyMs.p50,
        );
        const quiet = await harness.createAccount('ops-quiet');
        expect((await get('/v1/stats', quiet.apiKey).expect(200)).body).toMatchObject({
          sessionsIngested: 0,
          chunks: 0,
          memories: 0,
          decisions: 0,
          spendPerPoolPerDay: [],
        });
        const all = (await harness.http().get('/v1/admin/stats').set(admin()).expect(200)).body;
        expect(all.sessionsIngested).toBeGreaterThan(stats.sessionsIngested);
        await harness
          .http()
          .get('/v1/admin/stats')
          .set({ Authorization: `Bearer ${owner.apiKey}` })
          .expect(403);
      });

      it('re-packs chunks and re-distils decisions on demand, in place, with their status', async () => {
        const owner = await opsAccount('ops-runs');
        const before = await eventually(
          async () => (await get('/v1/stats', owner.apiKey)).body,
          (b) => b.chunks === 1 && b.decisions >= 1,
        );
        const ingest = await harness
          .http()
          .post(`/v1/admin/conversation/ingest?accountId=${owner.accountId}&days=3650`)
          .set(admin())
          .expect(200);
        expect(ingest.body).toMatchObject({
          running: false,
          lastError: null,
          lastResult: { sessions: 1 },
        });
        const extract = await harness
          .http()
          .post(`/v1/admin/decisions/extract?accountId=${owner.accountId}&days=3650`)
          .set(admin())
          .expect(200);
        expect(extract.body.lastResult.decisions).toBeGreaterThan(0);
        expect(
          (await harness.http().get('/v1/admin/decisions/extract/status').set(admin()).expect(200))
            .body,
        ).toMatchObject({ running: false, lastResult: extract.body.lastResult });
        const after = await eventually(
          async () => (await get('/v1/stats', owner.apiKey)).body,
          (b) => b.chunks === before.chunks,
        );
        expect(after.decisions).toBe(before.decisions);
        await harness
          .http()
          .post('/v1/admin/conversation/ingest')
          .set({ Authorization: `Bearer ${owner.apiKey}` })
          .expect(403);
        await harness.http().post('/v1/admin/decisions/extract?days=0').set(admin()).expect(400);
      });
    });
  },
);
