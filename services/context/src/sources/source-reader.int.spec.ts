import type { DataSource } from 'typeorm';
import { InProcessEventLog } from '@mnemo/eventing';
import { MemoryCache } from '@mnemo/persistence';
import { Scratch } from '../../../../tests/support/scratch';
import { CONTEXT_TABLE_MIGRATIONS, quietLogger as logger } from '../context-tables.testing';
import { ContextHandler } from '../rpc/context.handler';
import { SourceReader } from './source-reader';
import { firstItems } from '@mnemo/testing';

/** Postgres tries five custom plans before it may settle on the generic one. */
const BUILDS = 8;

describe('SourceReader: the gate and sources statements (real Postgres)', () => {
  const scratch = new Scratch('ctxplan');
  const accountId = 'acct-plans';
  let db: DataSource;
  let handler: ContextHandler;
  const log = new InProcessEventLog({ dataDir: null });

  beforeAll(async () => {
    // One connection, so every build prepares and reuses its statement on the connection read below.
    db = await scratch.db(CONTEXT_TABLE_MIGRATIONS, 1);
    // An account with many memories: the limits then matter to the planner.
    await db.query(
      `INSERT INTO context_memory_facts (account_id, id, fact_type, content, confidence, status, sensitive, confirmed, created_at, updated_at, last_seq)
       SELECT $1, 'm-' || n, 'preference', 'Likes walking ' || n, 'medium', 'active', false, n % 20 = 0,
              timestamptz '2026-01-01' + n * interval '1 minute', timestamptz '2026-01-01' + n * interval '1 minute', 0
       FROM generate_series(1, 10000) AS n`,
      [accountId],
    );
    await db.query('ANALYZE context_memory_facts');
    handler = new ContextHandler({ db, cache: new MemoryCache(), log, logger });
  });
  afterAll(async () => {
    await handler?.close();
    await log.close();
    await scratch.drop();
  });

  const statements = async (prefix: string) =>
    await db.query<Array<{ generic_plans: string; custom_plans: string }>>(
      `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE $1`,
      [`${prefix}%`],
    );

  it('plans the CLAUDE.md and memory block sources once per connection, not at every build', async () => {
    for (let n = 1; n <= BUILDS; n += 1) {
      // The account changed before each build (new sessions at one version share a build), and the front missed at
      // that version: the handler builds without reading the cache.
      await db.query(
        `INSERT INTO context_versions (account_id, version) VALUES ($1, $2) ON CONFLICT (account_id) DO UPDATE SET version = $2`,
        [accountId, n],
      );
      await handler.claudeMd({ accountId, sessionId: `s-${n}`, pinned: [], cacheMissedAt: n });
      await handler.memoryBlock({ accountId, cacheMissedAt: n });
    }
    const prepared = await statements('mnemo_context_sources_');
    expect(prepared).toHaveLength(2);
    for (const statement of prepared) {
      expect(Number(statement.custom_plans) + Number(statement.generic_plans)).toBe(BUILDS);
      expect(Number(statement.generic_plans)).toBeGreaterThan(0);
    }
    // each build opened the gate for its one account
    const [gate] = firstItems(await statements('mnemo_context_gate_one_'), 1);
    expect(Number(gate.custom_plans) + Number(gate.generic_plans)).toBe(2 * BUILDS);
    expect(Number(gate.generic_plans)).toBeGreaterThan(0);
  });

  it('opens the gates of accounts asked together each with its own switches and version, in one statement', async () => {
    await db.query(
      `INSERT INTO account_settings (account_id, egress_allowed, health_module_on, updated_at, last_seq) VALUES ('acct-shut', false, false, now(), 1), ('acct-health', true, true, now(), 1)`,
    );
    await db.query(`INSERT INTO context_versions (account_id, version) VALUES ('acct-health', 7)`);
    const unversioned = 'acct-unversioned'; // no projection has touched it: version 0, the default switches
    // the first read goes alone; the three that arrive while it is in flight share the next statement
    const [first, shut, health, plain] = await Promise.allSettled([
      SourceReader.open(db, unversioned),
      SourceReader.open(db, 'acct-shut'),
      SourceReader.open(db, 'acct-health'),
      SourceReader.open(db, unversioned),
    ]);
    expect(first).toMatchObject({
      status: 'fulfilled',
      value: {
        switches: { egressAllowed: true, healthModuleOn: false, medicationsModuleOn: false },
        stamp: { accountId: unversioned, version: 0 },
      },
    });
    expect(shut).toMatchObject({ status: 'rejected', reason: { code: 'forbidden' } });
    expect(health).toMatchObject({
      status: 'fulfilled',
      value: {
        switches: { egressAllowed: true, healthModuleOn: true, medicationsModuleOn: false },
        stamp: { accountId: 'acct-health', version: 7 },
      },
    });
    expect(plain).toMatchObject({
      status: 'fulfilled',
      value: { stamp: { accountId: unversioned, version: 0 } },
    });
    const [many] = firstItems(await statements('mnemo_context_gate_4'), 1);
    expect(Number(many.custom_plans) + Number(many.generic_plans)).toBe(1);
  });
});
