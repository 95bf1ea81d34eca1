import { InProcessEventLog } from '@mnemo/eventing';
import { MemoryCache } from '@mnemo/persistence';
import type { DataSource } from 'typeorm';
import { eventually } from '../../../../tests/support/servers';
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
    await expect(handler.claudeMd(request)).resolves.toMatchObject({ cached: false, markdown: expect.stringContaining('Likes early walks.') });
    // queued after the answer, as the I/O of the answer's reader would be: it finds no entry yet
    await expect(new Promise((resolve) => setImmediate(() => resolve(cache.get(key))))).resolves.toBeNull();
    const entry = await eventually(() => cache.get(key), (value) => value !== null);
    expect(decodeCachedContext(entry!)).toMatchObject({ stamp: { accountId, version: 0 }, value: { markdown: expect.stringContaining('Likes early walks.') } });
  });
});
