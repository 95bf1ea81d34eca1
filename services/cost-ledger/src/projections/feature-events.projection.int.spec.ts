import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { StoredEvent } from '@mnemo/contracts';
import { applyBatch } from '@mnemo/persistence';
import { Scratch } from '../../../../tests/support/scratch';
import { featureEventsProjection } from './feature-events.projection';

describe('feature_events projection (Postgres)', () => {
  const scratch = new Scratch('feature_events');
  let db: DataSource;
  const recorded = (
    seq: number,
    id: string,
    action: string,
    metadata: Record<string, unknown>,
  ): StoredEvent => ({
    seq,
    event: {
      id,
      type: 'FeatureEventRecorded',
      version: 1,
      accountId: 'acc',
      occurredAt: `2026-12-01T10:00:0${seq % 10}.000Z`,
      producer: 'context',
      payload: { name: 'context', action, metadata },
    },
  });
  const rows = async () =>
    (
      await db.query(
        `SELECT event_id, action, metadata, last_seq FROM feature_events ORDER BY last_seq`,
      )
    ).map((r: Record<string, unknown>) => ({ ...r, last_seq: Number(r.last_seq) }));

  beforeAll(async () => {
    db = await scratch.db(featureEventsProjection.migrations);
  });
  afterAll(() => scratch.drop());

  it('files a batch of events, one row each, a redelivered id once with its latest delivery, and keeps a newer row from an older redelivery', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const other: StoredEvent = {
      seq: 3,
      event: {
        ...recorded(3, randomUUID(), 'x', {}).event,
        type: 'SessionStarted',
        payload: { source: 'cli' },
      },
    };
    await applyBatch(db, featureEventsProjection, [
      recorded(1, a, 'memory_context_built', { n: 1 }),
      recorded(2, b, 'memory_block_built', { quote: `it's "so"` }),
      other,
      recorded(4, a, 'memory_context_built', { n: 4 }),
    ]);
    expect(await rows()).toEqual([
      { event_id: b, action: 'memory_block_built', metadata: { quote: `it's "so"` }, last_seq: 2 },
      { event_id: a, action: 'memory_context_built', metadata: { n: 4 }, last_seq: 4 },
    ]);
    await applyBatch(db, featureEventsProjection, [
      recorded(1, a, 'memory_context_built', { n: 1 }),
    ]);
    expect((await rows()).find((row: { event_id: string }) => row.event_id === a)).toMatchObject({
      metadata: { n: 4 },
      last_seq: 4,
    });
  });
});
