import { InProcessEventLog } from '@mnemo/eventing';
import { MemoryCache } from '@mnemo/persistence';
import type { DataSource } from 'typeorm';
import { eventually } from '@mnemo/testing';
import { Scratch } from '../../../../tests/support/scratch';
import { claudeMdCacheName, contextCacheKey, decodeCachedContext } from '../cache/context-cache';
import { CONTEXT_TABLE_MIGRATIONS, quietLogger as logger } from '../context-tables.testing';
import { ContextHandler } from './context.handler';

describe('ContextHandler after a build (real Postgres)', () => {
  const scratch = new Scratch('ctxafter');
  const accountId = 'acct-after';
  const cache = new MemoryCache();
  const log = new InProcessEventLog({ dataDir: null });
  let db: DataSource;
  let handler: ContextHandler;

  beforeAll(async () => {
    db = await scratch.db(CONTEXT_TABLE_MIGRATIONS);
    await db.query(
      `INSERT INTO context_memory_facts (account_id, id, fact_type, content, confidence, status, sensitive, confirmed, created_at, updated_at, last_seq)
       VALUES ($1, 'm-1', 'preference', 'Likes early walks.', 'high', 'active', false, true, now(), now(), 1)`,
      [accountId],
    );
    handler = new ContextHandler({ db, cache, log, logger });
  });
  afterAll(async () => {
    await handler?.close();
    await log.close();
    await scratch.drop();
  });

  it('answers a build first and caches it after the I/O already due (a gateway or client in this process reading the answer)', async () => {
    const request = { accountId, sessionId: 's-1', pinned: [] };
    const key = contextCacheKey({ accountId, version: 0 }, claudeMdCacheName(request));
    await expect(handler.claudeMd(request)).resolves.toMatchObject({
      cached: false,
      markdown: expect.stringContaining('Likes early walks.'),
    });
    // queued after the answer, as the I/O of the answer's reader would be: it finds no entry yet
    await expect(
      new Promise((resolve) => setImmediate(() => resolve(cache.get(key)))),
    ).resolves.toBeNull();
    const entry = await eventually(
      () => cache.get(key),
      (value) => value !== null,
    );
    expect(decodeCachedContext(entry!)).toMatchObject({
      stamp: { accountId, version: 0 },
      value: { markdown: expect.stringContaining('Likes early walks.') },
    });
  });
});

describe('ContextHandler: new sessions share one CLAUDE.md build per account version (real Postgres)', () => {
  const scratch = new Scratch('ctxshared');
  const accountId = 'acct-shared';
  const log = new InProcessEventLog({ dataDir: null });
  let db: DataSource;
  let handler: ContextHandler;
  /** The statements the handler sent since the last call, as text. */
  const sent: string[] = [];
  const statements = () => sent.splice(0);
  const readsMemories = (texts: string[]) =>
    texts.some((text) => text.includes('context_memory_facts'));

  const remember = (id: string, content: string) =>
    db.query(
      `INSERT INTO context_memory_facts (account_id, id, fact_type, content, confidence, status, sensitive, confirmed, created_at, updated_at, last_seq)
       VALUES ($1, $2, 'preference', $3, 'high', 'active', false, true, now(), now(), 1)`,
      [accountId, id, content],
    );
  /** What a context projection does in the transaction that changes the account's rows. */
  const bumpVersion = () =>
    db.query(
      `INSERT INTO context_versions (account_id, version) VALUES ($1, 1) ON CONFLICT (account_id) DO UPDATE SET version = context_versions.version + 1`,
      [accountId],
    );

  beforeAll(async () => {
    db = await scratch.db(CONTEXT_TABLE_MIGRATIONS);
    await remember('m-1', 'Likes early walks.');
    const query = db.query.bind(db);
    jest.spyOn(db, 'query').mockImplementation(((
      statement: string | { text: string },
      ...rest: unknown[]
    ) => {
      sent.push(typeof statement === 'string' ? statement : statement.text);
      return (query as (...args: unknown[]) => Promise<unknown>)(statement, ...rest);
    }) as typeof db.query);
    handler = new ContextHandler({ db, cache: new MemoryCache(), log, logger });
  });
  afterAll(async () => {
    await handler?.close();
    await log.close();
    await scratch.drop();
  });
  beforeEach(() => void statements());

  it('serves a second new session the first one’s document without reading the account’s rows again, under its own session id', async () => {
    const first = await handler.claudeMd({ accountId, sessionId: 'new-1', pinned: [] });
    expect(first.markdown).toContain('Likes early walks.');
    expect(readsMemories(statements())).toBe(true);
    const second = await handler.claudeMd({ accountId, sessionId: 'new-2', pinned: [] });
    expect(second).toMatchObject({ cached: true, markdown: first.markdown });
    expect(second.telemetry).toMatchObject({ sessionId: 'new-2' });
    expect(readsMemories(statements())).toBe(false);
  });

  it('builds again once the account changed: a new session sees the new memory, also after another kind of session built at the new version', async () => {
    await handler.claudeMd({ accountId, sessionId: 'before-change', pinned: [] });
    await remember('m-2', 'Keeps a paper notebook for plans.');
    await bumpVersion();
    const interview = await handler.claudeMd({
      accountId,
      sessionId: 'after-change-interview',
      pinned: [],
      source: 'ai-coaching:interview',
    });
    expect(interview.markdown).toContain('Keeps a paper notebook for plans.');
    const after = await handler.claudeMd({ accountId, sessionId: 'after-change', pinned: [] });
    expect(after.markdown).toContain('Keeps a paper notebook for plans.');
  });

  it('gives a session resuming from its summary its own document, and keeps the shared one for the next new session', async () => {
    const shared = await handler.claudeMd({ accountId, sessionId: 'plain-1', pinned: [] });
    await db.query(
      `INSERT INTO context_summaries (account_id, session_id, segment, summary, last_seq) VALUES ($1, 'resumed', 1, 'We planned the spring walking routes.', 1)`,
      [accountId],
    );
    const resumed = await handler.claudeMd({ accountId, sessionId: 'resumed', pinned: [] });
    expect(resumed.markdown).toContain('## Conversation So Far');
    expect(resumed.markdown).toContain('We planned the spring walking routes.');
    const next = await handler.claudeMd({ accountId, sessionId: 'plain-2', pinned: [] });
    expect(next.markdown).toBe(shared.markdown);
  });

  it('shares no build that lost a source: the next new session builds again, and shares once every source answers', async () => {
    await bumpVersion();
    await db.query('ALTER TABLE insights RENAME TO insights_away');
    try {
      const lost = await handler.claudeMd({ accountId, sessionId: 'lost-1', pinned: [] });
      expect(lost.telemetry).toMatchObject({ failedSources: ['insights'] });
      statements();
      await handler.claudeMd({ accountId, sessionId: 'lost-2', pinned: [] });
      expect(readsMemories(statements())).toBe(true);
    } finally {
      await db.query('ALTER TABLE insights_away RENAME TO insights');
    }
    await handler.claudeMd({ accountId, sessionId: 'whole-1', pinned: [] });
    statements();
    await handler.claudeMd({ accountId, sessionId: 'whole-2', pinned: [] });
    expect(readsMemories(statements())).toBe(false);
  });

  it('takes the gate the gateway read with the version it missed at instead of reading it again, and refuses by it all the same', async () => {
    const [{ version }] = await db.query(
      'SELECT version FROM context_versions WHERE account_id = $1',
      [accountId],
    );
    const gate = { egressAllowed: true, healthModuleOn: false, medicationsModuleOn: false };
    statements();
    const block = await handler.memoryBlock({ accountId, cacheMissedAt: Number(version), gate });
    expect(block.text).toContain('Likes early walks.');
    const sent = statements();
    expect(sent.some((text) => text.includes('context_versions'))).toBe(false);
    expect(readsMemories(sent)).toBe(true);
    await expect(
      handler.memoryBlock({
        accountId,
        cacheMissedAt: Number(version),
        gate: { ...gate, egressAllowed: false },
      }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect(statements()).toEqual([]);
  });

  it('gives a session its recorded source’s document: an interview is not served the free-form one', async () => {
    const freeForm = await handler.claudeMd({ accountId, sessionId: 'free-1', pinned: [] });
    expect(freeForm.markdown).not.toContain('## How This Interview Runs');
    await db.query(
      `INSERT INTO context_sessions (account_id, id, source, last_seq) VALUES ($1, 'interview-1', 'ai-coaching:interview', 1)`,
      [accountId],
    );
    const interview = await handler.claudeMd({ accountId, sessionId: 'interview-1', pinned: [] });
    expect(interview.markdown).toContain('## How This Interview Runs');
  });
});
