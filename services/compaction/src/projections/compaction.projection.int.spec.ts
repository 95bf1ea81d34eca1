import type { DataSource } from 'typeorm';
import { projection, storedEvent } from '@mnemo/testing';
import { Scratch } from '../../../../tests/support/scratch';
import { compactionProjection } from './compaction.projection';

const compacted = (seq: number, segment: number, summary: string, sessionId?: string) =>
  storedEvent(
    seq,
    'SegmentCompacted',
    { segment, summary, model: 'haiku', inputTokens: 900, outputTokens: 120 },
    { sessionId },
  );

describe('compaction projection (Postgres)', () => {
  const scratch = new Scratch('compaction_proj');
  let db: DataSource;

  beforeAll(async () => {
    db = await scratch.db(compactionProjection.migrations);
  });
  afterEach(() => db.query('TRUNCATE segment_summaries'));
  afterAll(() => scratch.drop());

  const summaries =
    'SELECT session_id, segment, summary, last_seq FROM segment_summaries ORDER BY segment';

  it('keeps one summary per segment, the newest in a batch, and a redelivery changes nothing', async () => {
    const rows = await projection(compactionProjection, db)
      .given(compacted(1, 1, 'first try', 's-1'), compacted(2, 1, 'second try', 's-1'))
      .when(compacted(1, 1, 'first try', 's-1'))
      .then(summaries);
    expect(rows).toEqual([{ session_id: 's-1', segment: 1, summary: 'second try', last_seq: '2' }]);
  });

  it('keeps each segment of a session apart', async () => {
    const rows = await projection(compactionProjection, db)
      .given(compacted(1, 1, 'morning', 's-1'))
      .when(compacted(2, 2, 'afternoon', 's-1'))
      .then(summaries);
    expect(rows.map((row) => row.summary)).toEqual(['morning', 'afternoon']);
  });

  it('stores nothing for a compaction without a session', async () => {
    const rows = await projection(compactionProjection, db)
      .when(compacted(1, 1, 'nowhere to go'))
      .then(summaries);
    expect(rows).toEqual([]);
  });
});
