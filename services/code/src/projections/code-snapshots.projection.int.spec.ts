import type { DataSource } from 'typeorm';
import { buildEvent, type StoredEvent } from '@mnemo/contracts';
import { extractSymbols } from '@mnemo/code-symbols';
import { applyBatch, checksumProjection } from '@mnemo/persistence';
import { Scratch } from '../../../../tests/support/scratch';
import { driftAnswer } from '../api/drift.controller';
import { codeSnapshotsProjection } from './code-snapshots.projection';

const V1 = `export function load(id: string): Item {\n  return store.get(id);\n}\n\nexport class Cart {\n  add(item: Item): void {\n    this.items.push(item);\n  }\n}\n`;
const V2 = V1.replace('function load(', 'function fetchItem(').replace(
  'add(item: Item)',
  'add(item: Item, count = 1)',
);

let seq = 0;
async function snapshot(text: string, at: string, commit?: string): Promise<StoredEvent> {
  const symbols = await extractSymbols('typescript', text);
  seq += 1;
  return {
    seq,
    event: buildEvent({
      type: 'SymbolSnapshotRecorded',
      id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
      accountId: 'acc',
      occurredAt: at,
      producer: 'cli',
      payload: {
        project: '/repo',
        path: 'src/items.ts',
        ...(commit ? { commit } : {}),
        ...symbols,
      },
    }),
  };
}

describe('code-snapshots projection and drift (Postgres)', () => {
  const scratch = new Scratch('code_snapshots');
  let db: DataSource;

  beforeAll(async () => {
    db = await scratch.db(codeSnapshotsProjection.migrations);
  });
  afterAll(() => scratch.drop());

  it('keeps a symbol set once per content hash, and a redelivered snapshot changes nothing', async () => {
    const first = await snapshot(V1, '2026-12-01T10:00:00Z', 'a'.repeat(40));
    const again = await snapshot(V1, '2026-12-02T10:00:00Z');
    await applyBatch(db, codeSnapshotsProjection, [first, again]);
    const before = await checksumProjection(db, codeSnapshotsProjection);
    await applyBatch(db, codeSnapshotsProjection, [first, again]);
    expect(await checksumProjection(db, codeSnapshotsProjection)).toEqual(before);
    const [{ sets }] = await db.query(`SELECT count(*)::int AS sets FROM code_symbol_sets`);
    const [{ points }] = await db.query(`SELECT count(*)::int AS points FROM code_snapshots`);
    expect({ sets, points }).toEqual({ sets: 1, points: 2 });
  });

  it('answers the delta from the newest snapshot at or before since to the newest, by absolute path too', async () => {
    await applyBatch(db, codeSnapshotsProjection, [await snapshot(V2, '2026-12-05T09:30:00Z')]);
    const answer = await driftAnswer(db, 'acc', {
      path: '/repo/src/items.ts',
      since: '2026-12-03',
    });
    expect(answer.baseline?.at).toBe('2026-12-02T10:00:00.000Z');
    expect(answer.delta).toMatchObject({
      renamed: [{ from: { name: 'load' }, to: { name: 'fetchItem', startLine: 1, endLine: 3 } }],
      signatureChanged: [{ to: { name: 'add', parent: 'Cart' } }],
      added: [],
      removed: [],
    });
    expect(answer.text.split('\n')).toHaveLength(3);
  });

  it('says no snapshot predates since and lists today’s symbols, with no delta', async () => {
    const answer = await driftAnswer(db, 'acc', { path: 'src/items.ts', since: '2026-11-01' });
    expect(answer.delta).toBeNull();
    expect(answer.baseline).toBeNull();
    expect(answer.text.split('\n')[0]).toBe(
      'No snapshot of src/items.ts at or before 2026-11-01; the first is from 2026-12-01 10:00: no delta to give. Its symbols now (2026-12-05 09:30):',
    );
    expect(answer.symbols?.map((s) => s.name)).toEqual(['fetchItem', 'Cart', 'add']);
  });

  it('keeps one account’s snapshots from another', async () => {
    const answer = await driftAnswer(db, 'other', { path: 'src/items.ts', since: '2026-12-03' });
    expect(answer).toMatchObject({ current: null, delta: null });
    expect(answer.text).toBe('No snapshot of src/items.ts yet: nothing to compare.');
  });
});
