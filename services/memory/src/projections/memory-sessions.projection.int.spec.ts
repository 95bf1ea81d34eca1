import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { EventType, StoredEvent } from '@mnemo/contracts';
import { applyEvents, dropSchema, openDataSource } from '@mnemo/persistence';
import { memorySessionsProjection } from './memory-sessions.projection';
import { TEST_DATABASE_URL, uniqueName } from '../../../../tests/support/servers';

const stored = (seq: number, accountId: string, type: EventType, payload: unknown): StoredEvent => ({
  seq,
  event: { id: randomUUID(), type, version: 1, accountId, sessionId: 's-1', occurredAt: '2026-11-29T10:00:00.000Z', producer: 'spec', payload } as never,
});

/**
 * Two memory instances share this projection's consumer and commit their batches side by side, so the
 * batch with a segment's outcome can land before the batch with its pause (the fault suite saw it after a
 * NATS restart). Whatever the order, the row must be the one a replay writes in log order.
 */
describe('memory-sessions: a segment pause and its outcome, in either order', () => {
  const schema = uniqueName('memsess').toLowerCase();
  let db: DataSource;
  beforeAll(async () => {
    db = await openDataSource({ url: TEST_DATABASE_URL, schema, poolSize: 2, migrations: memorySessionsProjection.migrations });
  });
  afterAll(async () => {
    await db?.destroy();
    await dropSchema(TEST_DATABASE_URL, schema);
  });

  const pauseRow = async (accountId: string) =>
    db.query(`SELECT segment, paused_at, paused_seq, settled, settled_seq, last_seq FROM segment_pauses WHERE account_id = $1`, [accountId]);

  it('ends in the same row when the outcome is applied before its pause', async () => {
    const events = (accountId: string) => [
      stored(10, accountId, 'SegmentPaused', { segment: 1 }),
      stored(12, accountId, 'SegmentCompacted', { segment: 1, summary: 'x', inputTokens: 1, outputTokens: 1, model: 'm' }),
    ];
    const [inOrder, reversed] = ['a-in-order', 'a-reversed'];
    await applyEvents(db.manager, memorySessionsProjection, events(inOrder));
    const [pause, outcome] = events(reversed);
    await applyEvents(db.manager, memorySessionsProjection, [outcome]);
    await applyEvents(db.manager, memorySessionsProjection, [pause]);
    expect(await pauseRow(reversed)).toEqual(await pauseRow(inOrder));
    expect(await pauseRow(inOrder)).toEqual([expect.objectContaining({ paused_seq: '10', settled: 'SegmentCompacted', settled_seq: '12' })]);
  });
});
