import type { DataSource } from 'typeorm';
import { projection, storedEvent } from '@mnemo/testing';
import { Scratch } from '../../../../tests/support/scratch';
import { lifeInventoryProjection } from './life-inventory.projection';

const started = (seq: number) =>
  storedEvent(seq, 'InventoryTakeStarted', { takeId: 't-1', inventoryType: 'values' });
const rated = (seq: number, itemId: string, rating: number) =>
  storedEvent(seq, 'InventoryItemRated', { takeId: 't-1', itemId, rating });
const completed = (seq: number, extra: object = {}) =>
  storedEvent(seq, 'InventoryTakeCompleted', {
    takeId: 't-1',
    inventoryType: 'values',
    scores: { family: 4.5 },
    ...extra,
  });

describe('life-inventory projection (Postgres)', () => {
  const scratch = new Scratch('inventory_proj');
  let db: DataSource;

  beforeAll(async () => {
    db = await scratch.db(lifeInventoryProjection.migrations);
  });
  afterEach(() =>
    db.query('TRUNCATE life_inventory_types, life_inventory_takes, life_inventory_ratings'),
  );
  afterAll(() => scratch.drop());

  const ratings =
    'SELECT item_id, rating::float AS rating FROM life_inventory_ratings ORDER BY item_id';

  it('a take in progress keeps the last rating of each item, and completes with its scores', async () => {
    const steps = projection(lifeInventoryProjection, db)
      .given(started(1), rated(2, 'i-1', 2), rated(3, 'i-1', 5), rated(4, 'i-2', 3))
      .when(rated(2, 'i-1', 2));
    expect(await steps.then(ratings)).toEqual([
      { item_id: 'i-1', rating: 5 },
      { item_id: 'i-2', rating: 3 },
    ]);
    const rows = await steps
      .when(completed(5))
      .then('SELECT status, imported, scores, started_at, completed_at FROM life_inventory_takes');
    expect(rows).toEqual([
      {
        status: 'completed',
        imported: false,
        scores: { family: 4.5 },
        started_at: new Date('2026-12-01T12:00:00.000Z'),
        completed_at: new Date('2026-12-01T12:00:00.000Z'),
      },
    ]);
  });

  it('an imported take lands whole from one event, with its ratings', async () => {
    const steps = projection(lifeInventoryProjection, db).when(
      completed(1, { imported: true, ratings: { 'i-1': 4, 'i-2': 1.5 } }),
    );
    expect(await steps.then('SELECT status, imported FROM life_inventory_takes')).toEqual([
      { status: 'completed', imported: true },
    ]);
    expect(await steps.then(ratings)).toEqual([
      { item_id: 'i-1', rating: 4 },
      { item_id: 'i-2', rating: 1.5 },
    ]);
  });

  it('a start redelivered after completion does not reopen the take', async () => {
    const rows = await projection(lifeInventoryProjection, db)
      .given(started(1), completed(2))
      .when(started(1))
      .then('SELECT status FROM life_inventory_takes');
    expect(rows).toEqual([{ status: 'completed' }]);
  });
});
