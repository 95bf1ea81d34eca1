import type { DataSource } from 'typeorm';
import { projection, storedEvent } from '@mnemo/testing';
import { Scratch } from '../../../../tests/support/scratch';
import { insightProjection } from './insight.projection';

const artifact = (seq: number, title: string, content: string) =>
  storedEvent(seq, 'ArtifactSaved', { artifactId: 'art-1', title, content });
const detected = (seq: number, text: string, accountId = 'acc') =>
  storedEvent(
    seq,
    'InsightDetected',
    { insightId: 'ins-1', kind: 'contradiction', text, artifactA: 'art-2', artifactB: 'art-1' },
    { accountId },
  );
const settled = (seq: number, type: 'InsightDismissed' | 'InsightDeleted') =>
  storedEvent(seq, type, { insightId: 'ins-1' });

describe('insight projection (Postgres)', () => {
  const scratch = new Scratch('insight_proj');
  let db: DataSource;

  beforeAll(async () => {
    db = await scratch.db(insightProjection.migrations);
  });
  afterEach(() => db.query('TRUNCATE insight_artifacts, insight_items'));
  afterAll(() => scratch.drop());

  it('keeps the newest save of an artifact, and an older redelivery does not undo it', async () => {
    const rows = await projection(insightProjection, db)
      .given(artifact(1, 'Goals', 'move to Lisbon'), artifact(2, 'Goals', 'stay in Porto'))
      .when(artifact(1, 'Goals', 'move to Lisbon'))
      .then('SELECT title, content, first_seq, last_seq FROM insight_artifacts');
    expect(rows).toEqual([
      { title: 'Goals', content: 'stay in Porto', first_seq: '1', last_seq: '2' },
    ]);
  });

  it('a dismissed insight keeps its status when it is detected again', async () => {
    const rows = await projection(insightProjection, db)
      .given(detected(1, 'says opposite things'), settled(2, 'InsightDismissed'))
      .when(detected(3, 'says opposite things, again'))
      .then('SELECT status, summary FROM insight_items');
    expect(rows).toEqual([{ status: 'dismissed', summary: 'says opposite things' }]);
  });

  it('a deletion wins over a later dismissal', async () => {
    const rows = await projection(insightProjection, db)
      .given(detected(1, 'a theme'), settled(2, 'InsightDeleted'))
      .when(settled(3, 'InsightDismissed'))
      .then('SELECT status FROM insight_items');
    expect(rows).toEqual([{ status: 'deleted' }]);
  });

  it('keeps each account its own insight under the same id', async () => {
    const rows = await projection(insightProjection, db)
      .given(detected(1, 'mine'), settled(2, 'InsightDismissed'))
      .when(detected(3, 'theirs', 'acc-other'))
      .then('SELECT account_id, status, summary FROM insight_items ORDER BY account_id');
    expect(rows).toEqual([
      { account_id: 'acc', status: 'dismissed', summary: 'mine' },
      { account_id: 'acc-other', status: 'active', summary: 'theirs' },
    ]);
  });
});
