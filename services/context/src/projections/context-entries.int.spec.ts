import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { StoredEvent } from '@mnemo/contracts';
import { applyBatch } from '@mnemo/persistence';
import { Scratch } from '../../../../tests/support/scratch';
import { CONTEXT_TABLE_MIGRATIONS } from '../context-tables.testing';
import { loadArtifactIndex, loadInsights } from '../sources/source-loaders';
import { SourceReader } from '../sources/source-reader';
import { Context1764400007100 } from './context.migration';
import { contextProjection } from './context.projection';

const account = 'acct-entries';
let seq = 0;
const stored = (type: string, payload: unknown): StoredEvent => {
  seq += 1;
  return {
    seq,
    event: {
      id: randomUUID(),
      type,
      version: 1,
      accountId: account,
      occurredAt: `2026-11-29T10:${String(seq).padStart(2, '0')}:00.000Z`,
      producer: 'test',
      payload,
    },
  };
};
const artifact = (artifactId: string, title: string, content = 'Honesty first. Then care.') =>
  stored('ArtifactSaved', { artifactId, title, content });

/** What the loaders read, alone and gathered in one statement (the two shapes a build sees). */
async function loaded(db: DataSource) {
  const reader = await SourceReader.open(db, account);
  const [insights, index] = await reader.together(() =>
    Promise.all([loadInsights(reader), loadArtifactIndex(reader)]),
  );
  await expect(loadInsights(reader)).resolves.toEqual(insights);
  await expect(loadArtifactIndex(reader)).resolves.toEqual(index);
  return { insights, index };
}

describe("the loaders' JSON kept with artifacts and insights (real Postgres)", () => {
  const scratch = new Scratch('ctxentries');
  let db: DataSource;

  beforeAll(async () => {
    db = await scratch.db(CONTEXT_TABLE_MIGRATIONS);
  });
  afterAll(async () => {
    await scratch.drop();
  });

  it("labels an insight with its pair's titles as they are now: the id before the artifact is projected, then its title, then its new title", async () => {
    await applyBatch(db, contextProjection, [
      artifact('a-1', 'Values'),
      stored('InsightDetected', {
        insightId: 'i-1',
        kind: 'theme',
        text: 'Care grows.',
        artifactA: 'a-1',
        artifactB: 'a-2',
      }),
    ]);
    expect((await loaded(db)).insights).toEqual([
      {
        id: 'i-1',
        kind: 'theme',
        text: 'Care grows.',
        artifactATitle: 'Values',
        artifactBTitle: 'a-2',
        createdAt: '2026-11-29T10:02:00.000Z',
      },
    ]);
    await applyBatch(db, contextProjection, [artifact('a-2', 'Career')]);
    expect((await loaded(db)).insights).toMatchObject([
      { id: 'i-1', artifactATitle: 'Values', artifactBTitle: 'Career' },
    ]);
    await applyBatch(db, contextProjection, [
      artifact('a-1', 'Core values'),
      stored('InsightDismissed', { insightId: 'i-0' }),
    ]);
    expect((await loaded(db)).insights).toMatchObject([
      { id: 'i-1', artifactATitle: 'Core values', artifactBTitle: 'Career' },
    ]);
  });

  it('rewrites an insight detected again, keeping when it was first detected', async () => {
    await applyBatch(db, contextProjection, [
      stored('InsightDetected', {
        insightId: 'i-1',
        kind: 'evolution',
        text: 'Care grew.',
        artifactA: 'a-2',
        artifactB: 'a-3',
      }),
    ]);
    expect((await loaded(db)).insights).toEqual([
      {
        id: 'i-1',
        kind: 'evolution',
        text: 'Care grew.',
        artifactATitle: 'Career',
        artifactBTitle: 'a-3',
        createdAt: '2026-11-29T10:02:00.000Z',
      },
    ]);
  });

  it("lists each artifact's index line as it was last saved", async () => {
    await applyBatch(db, contextProjection, [
      artifact('a-2', 'Career path', 'Started as a teacher. '.repeat(40)),
    ]);
    const { index } = await loaded(db);
    expect(index.map((entry) => [entry.id, entry.title])).toEqual([
      ['a-1', 'Core values'],
      ['a-2', 'Career path'],
    ]);
    const [row] = await db.query(
      `SELECT gist, gist_tokens, summary_tokens, full_tokens FROM artifacts WHERE account_id = $1 AND id = 'a-2'`,
      [account],
    );
    expect(index[1]).toEqual({
      id: 'a-2',
      title: 'Career path',
      gist: row.gist,
      tokens: { gist: row.gist_tokens, summary: row.summary_tokens, full: row.full_tokens },
    });
  });
});

describe("the loaders' JSON for rows projected before it was kept (real Postgres)", () => {
  const scratch = new Scratch('ctxentriesold');
  afterAll(async () => {
    await scratch.drop();
  });

  it('is written for them by the migration that adds it', async () => {
    const before = await scratch.db([Context1764400007100]);
    await before.query(
      `INSERT INTO artifacts (account_id, id, title, content, gist, pinned, gist_tokens, summary_tokens, full_tokens, created_at, updated_at, last_seq)
       VALUES ($1, 'a-1', 'Values', 'Honesty first.', 'Honesty first.', false, 4, 4, 4, '2026-11-29T10:00:00Z', '2026-11-29T10:00:00Z', 1)`,
      [account],
    );
    await before.query(
      `INSERT INTO insights (account_id, id, kind, text, artifact_a, artifact_b, status, created_at, last_seq)
       VALUES ($1, 'i-1', 'theme', 'Care grows.', 'a-1', 'a-9', 'active', '2026-11-29T10:01:00Z', 2)`,
      [account],
    );
    const after = await scratch.db(CONTEXT_TABLE_MIGRATIONS);
    await expect(loaded(after)).resolves.toEqual({
      insights: [
        {
          id: 'i-1',
          kind: 'theme',
          text: 'Care grows.',
          artifactATitle: 'Values',
          artifactBTitle: 'a-9',
          createdAt: '2026-11-29T10:01:00.000Z',
        },
      ],
      index: [
        {
          id: 'a-1',
          title: 'Values',
          gist: 'Honesty first.',
          tokens: { gist: 4, summary: 4, full: 4 },
        },
      ],
    });
  });
});
