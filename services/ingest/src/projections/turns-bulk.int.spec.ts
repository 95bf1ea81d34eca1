import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { StoredEvent } from '@mnemo/contracts';
import { applyEvents, dropSchema, openDataSource } from '@mnemo/persistence';
import { sessionsProjection } from './sessions.projection';
import { TEST_DATABASE_URL, uniqueName } from '../../../../tests/support/servers';

const turn = (seq: number, turnSeq: number, text: string): StoredEvent => ({
  seq,
  event: {
    id: randomUUID(),
    type: 'TurnRecorded',
    version: 2,
    accountId: 'a',
    sessionId: 's',
    occurredAt: '2026-11-29T10:00:00.000Z',
    producer: 'test',
    payload: { seq: turnSeq, role: 'user', text },
  },
});

describe('bulk turn upserts', () => {
  let db: DataSource;
  let schema: string;
  beforeEach(async () => {
    schema = uniqueName('turns').toLowerCase();
    db = await openDataSource({ url: TEST_DATABASE_URL, poolSize: 2, migrations: sessionsProjection.migrations, schema });
  });
  afterEach(async () => {
    await db.destroy();
    await dropSchema(TEST_DATABASE_URL, schema);
  });
  const texts = async () => (await db.query('SELECT seq, text FROM turns ORDER BY seq')).map((r: { text: string }) => r.text);

  it('keeps the newest event for a turn re-emitted in the same batch', async () => {
    await applyEvents(db, sessionsProjection, [turn(5, 1, 'pending tool call'), turn(6, 2, 'other'), turn(9, 1, 'tool call with result')]);
    await expect(texts()).resolves.toEqual(['tool call with result', 'other']);
  });

  it('never lets an older event overwrite a newer one delivered earlier', async () => {
    await applyEvents(db, sessionsProjection, [turn(9, 1, 'newer')]);
    await applyEvents(db, sessionsProjection, [turn(5, 1, 'older, redelivered late')]);
    await expect(texts()).resolves.toEqual(['newer']);
  });
});
