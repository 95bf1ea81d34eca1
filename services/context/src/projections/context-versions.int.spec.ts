import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { StoredEvent } from '@mnemo/contracts';
import { applyBatch, type Projection } from '@mnemo/persistence';
import { Scratch } from '../../../../tests/support/scratch';
import { CONTEXT_TABLE_MIGRATIONS } from '../context-tables.testing';
import {
  CONTEXT_SOURCES_VERSION_KEEPERS,
  contextSourcesProjection,
} from './context-sources.projection';
import { CONTEXT_VERSION_KEEPERS, contextProjection } from './context.projection';
import {
  CONTEXT_LIFE_INVENTORY_VERSION_KEEPERS,
  contextLifeInventoryProjection,
} from './context-life-inventory.projection';

const fact = (factId: string, content = 'Likes early mornings.') => ({
  factId,
  factType: 'preference',
  content,
  confidence: 'high',
  source: 'manual',
  sourceSession: 'manual',
});

/** One event of every type the context projections read, in an order that folds (a proposal before its answer). */
const EXAMPLES: Record<string, { payload: unknown; sessionId?: string }> = {
  ArtifactSaved: {
    payload: { artifactId: 'a-1', title: 'Values', content: 'Honesty first. Then care.' },
  },
  BookmarkAdded: {
    payload: { bookmarkId: 'b-1', text: 'The moment it clicked.' },
    sessionId: 's-1',
  },
  CoreProfileSynthesized: {
    payload: { profile: 'A careful engineer.', artifactFingerprint: 'f', model: 'offline' },
  },
  InsightDetected: {
    payload: {
      insightId: 'i-1',
      kind: 'theme',
      text: 'Care grows.',
      artifactA: 'a-1',
      artifactB: 'a-2',
    },
  },
  InsightDismissed: { payload: { insightId: 'i-1' } },
  InsightDeleted: { payload: { insightId: 'i-1' } },
  AccountSettingsChanged: { payload: { healthModuleOn: true } },
  MemoryFactExtracted: { payload: fact('f-x') },
  MemoryFactCreated: { payload: fact('f-1') },
  MemoryFactEdited: { payload: { factId: 'f-1', content: 'Likes late evenings.', version: 2 } },
  FactSuperseded: { payload: { factId: 'f-1', supersededBy: 'f-x', subject: 'home' } },
  MemoryFactDeleted: { payload: { factId: 'f-x' } },
  MemoryFactProposed: {
    payload: {
      ...fact('f-p', 'Goes to the gym on Mondays.'),
      proposalId: 'p-1',
      sensitiveReason: 'category: health',
    },
  },
  ProposalOffered: { payload: { proposalId: 'p-1' } },
  ProposalConfirmed: { payload: { proposalId: 'p-1' } },
  ProposalRejected: { payload: { proposalId: 'p-1' } },
  ProposalLapsed: { payload: { proposalId: 'p-1' } },
  PlanProposed: {
    payload: { planId: 'pl-1', title: 'Walk every morning', steps: [], reviewDays: 14 },
  },
  PlanActivated: { payload: { planId: 'pl-1', activatedAt: '2026-11-29T10:00:00.000Z' } },
  PlanCheckedIn: { payload: { planId: 'pl-1', progress: 'Walked four days.' } },
  PlanClosed: { payload: { planId: 'pl-1', reason: 'completed' } },
  ReminderSet: { payload: { reminderId: 'r-1', text: 'Call the dentist.' } },
  MeasurementRecorded: {
    payload: { metric: 'steps', value: 4200, unit: 'steps', day: '2026-11-29', source: 'watch' },
  },
  SessionStarted: { payload: { source: 'ai-coaching:interview' }, sessionId: 's-1' },
  InventoryTypeDefined: {
    payload: {
      inventoryType: 'mine',
      title: 'My inventory',
      scale: { min: 1, max: 5 },
      categories: [
        { id: 'rest', name: 'Rest', items: [{ id: 'rest.1', text: 'I sleep enough.' }] },
      ],
    },
  },
  InventoryTakeCompleted: {
    payload: { takeId: 't-1', inventoryType: 'mine', scores: { Rest: 3 } },
  },
  SegmentCompacted: {
    payload: {
      segment: 1,
      summary: 'They talked about values.',
      inputTokens: 10,
      outputTokens: 5,
      model: 'offline',
    },
    sessionId: 's-1',
  },
};

describe('the context version (real Postgres)', () => {
  const scratch = new Scratch('ctxver');
  let db: DataSource;
  let seq = 0;
  const account = 'acct-1';
  const stored = (
    type: string,
    payload: unknown,
    options: { sessionId?: string; seq?: number; accountId?: string } = {},
  ): StoredEvent => ({
    seq: options.seq ?? (seq += 1),
    event: {
      id: randomUUID(),
      type,
      version: 1,
      accountId: options.accountId ?? account,
      ...(options.sessionId ? { sessionId: options.sessionId } : {}),
      occurredAt: `2026-11-29T10:${String(seq % 60).padStart(2, '0')}:00.000Z`,
      producer: 'test',
      payload,
    },
  });
  const version = async (accountId = account): Promise<number> =>
    Number(
      (await db.query('SELECT version FROM context_versions WHERE account_id = $1', [accountId]))[0]
        ?.version ?? 0,
    );

  beforeAll(async () => {
    db = await scratch.db(CONTEXT_TABLE_MIGRATIONS);
  });
  afterAll(async () => {
    await scratch.drop();
  });

  const cases = [
    ...contextProjection.handles.map(
      (type) => [contextProjection, CONTEXT_VERSION_KEEPERS, type] as const,
    ),
    ...contextSourcesProjection.handles.map(
      (type) => [contextSourcesProjection, CONTEXT_SOURCES_VERSION_KEEPERS, type] as const,
    ),
    ...contextLifeInventoryProjection.handles.map(
      (type) =>
        [contextLifeInventoryProjection, CONTEXT_LIFE_INVENTORY_VERSION_KEEPERS, type] as const,
    ),
  ];

  it.each(
    cases.map(
      ([projection, keepers, type]) =>
        [
          projection.name,
          type,
          keepers[type] ? 'keeps it' : 'moves it',
          projection,
          keepers,
        ] as const,
    ),
  )('%s: %s %s', async (_name, type, _verdict, projection: Projection, keepers) => {
    const example = EXAMPLES[type];
    expect({ type, example: !!example }).toEqual({ type, example: true });
    if (!example) return;
    const before = await version();
    await applyBatch(db, projection, [
      stored(type, example.payload, { sessionId: example.sessionId }),
    ]);
    expect(await version()).toBe(Object.hasOwn(keepers, type) ? before : before + 1);
  });

  it('marks a fact created by confirming a proposal confirmed and sensitive, as memory does', async () => {
    const rows = await db.query(
      `SELECT confirmed, sensitive FROM context_memory_facts WHERE account_id = $1 AND id = 'f-p'`,
      [account],
    );
    expect(rows).toEqual([]); // confirmed above, not created yet
    await applyBatch(db, contextSourcesProjection, [
      stored('MemoryFactCreated', fact('f-p', 'Goes to the gym on Mondays.')),
    ]);
    await expect(
      db.query(
        `SELECT confirmed, sensitive FROM context_memory_facts WHERE account_id = $1 AND id = 'f-p'`,
        [account],
      ),
    ).resolves.toEqual([{ confirmed: true, sensitive: true }]);
  });

  it('moves the version in the transaction that writes the rows: a batch that fails leaves neither', async () => {
    const before = await version();
    const broken = stored('MemoryFactCreated', { ...fact('f-broken'), content: null });
    await expect(
      applyBatch(db, contextSourcesProjection, [
        stored('ReminderSet', { reminderId: 'r-lost', text: 'Lost.' }),
        broken,
      ]),
    ).rejects.toThrow();
    expect(await version()).toBe(before);
    await expect(
      db.query(`SELECT id FROM context_reminders WHERE account_id = $1 AND id = 'r-lost'`, [
        account,
      ]),
    ).resolves.toEqual([]);
  });

  it('moves the version when a late event (a redelivery applied after newer ones) changes the data', async () => {
    await applyBatch(db, contextSourcesProjection, [
      stored('ReminderSet', { reminderId: 'r-new', text: 'Newer.' }, { seq: 10_000 }),
    ]);
    const before = await version();
    await applyBatch(db, contextSourcesProjection, [
      stored('ReminderSet', { reminderId: 'r-late', text: 'Late.' }, { seq: 9_000 }),
    ]);
    await expect(
      db.query(`SELECT id FROM context_reminders WHERE account_id = $1 AND id = 'r-late'`, [
        account,
      ]),
    ).resolves.toEqual([{ id: 'r-late' }]);
    expect(await version()).toBeGreaterThan(before);
  });

  it('moves only the versions of the accounts a batch touched', async () => {
    const other = await version('acct-2');
    await applyBatch(db, contextProjection, [
      stored('BookmarkAdded', { bookmarkId: 'b-2', text: 'Another moment.' }),
    ]);
    expect(await version('acct-2')).toBe(other);
    await applyBatch(db, contextProjection, [
      stored('BookmarkAdded', { bookmarkId: 'b-3', text: 'Theirs.' }, { accountId: 'acct-2' }),
    ]);
    expect(await version('acct-2')).toBe(other + 1);
  });
});
