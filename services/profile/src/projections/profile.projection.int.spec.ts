import type { DataSource } from 'typeorm';
import { projection, storedEvent } from '@mnemo/testing';
import { Scratch } from '../../../../tests/support/scratch';
import { contentHash } from '../domain/artifact-fingerprint';
import { profileProjection } from './profile.projection';

const fact = (seq: number, factId: string, content: string) =>
  storedEvent(seq, 'MemoryFactExtracted', {
    factId,
    factType: 'personal',
    content,
    confidence: 'medium',
    source: 'extraction',
    sourceSession: 's-1',
  });
const proposed = (seq: number) =>
  storedEvent(seq, 'MemoryFactProposed', {
    factId: 'f-sensitive',
    factType: 'personal',
    content: 'was treated for depression',
    confidence: 'high',
    source: 'extraction',
    sourceSession: 's-1',
    proposalId: 'p-1',
    sensitiveReason: 'health',
  });
const synthesized = (seq: number, profile: string) =>
  storedEvent(seq, 'CoreProfileSynthesized', {
    profile,
    artifactFingerprint: `fp-${seq}`,
    model: 'haiku',
    artifactCount: 2,
  });
const blocked = (seq: number) =>
  storedEvent(seq, 'ProfileRegenerationBlocked', {
    reason: 'cost_cap',
    retryAfter: '2026-12-02T00:00:00.000Z',
  });

describe('profile projection (Postgres)', () => {
  const scratch = new Scratch('profile_proj');
  let db: DataSource;

  beforeAll(async () => {
    db = await scratch.db(profileProjection.migrations);
  });
  afterEach(() =>
    db.query('TRUNCATE profile_artifacts, profile_facts, profile_core, profile_blocks'),
  );
  afterAll(() => scratch.drop());

  it('keeps the hash of an artifact’s newest content, which the staleness check compares', async () => {
    const save = (seq: number, content: string) =>
      storedEvent(seq, 'ArtifactSaved', { artifactId: 'a-1', title: 'Goals', content });
    const rows = await projection(profileProjection, db)
      .given(save(1, 'move to Lisbon'), save(2, 'stay in Porto'))
      .when(save(1, 'move to Lisbon'))
      .then('SELECT content, content_hash FROM profile_artifacts');
    expect(rows).toEqual([
      { content: 'stay in Porto', content_hash: contentHash('stay in Porto') },
    ]);
  });

  it('follows a fact through an edit and out again when it is superseded', async () => {
    const steps = projection(profileProjection, db)
      .given(fact(1, 'f-1', 'lives in Porto'))
      .when(
        storedEvent(2, 'MemoryFactEdited', {
          factId: 'f-1',
          content: 'lives in Lisbon',
          version: 2,
        }),
      );
    expect(await steps.then('SELECT content, confidence, status FROM profile_facts')).toEqual([
      { content: 'lives in Lisbon', confidence: 'medium', status: 'active' },
    ]);
    const rows = await steps
      .when(storedEvent(3, 'FactSuperseded', { factId: 'f-1', supersededBy: 'f-2' }))
      .then('SELECT status FROM profile_facts');
    expect(rows).toEqual([{ status: 'superseded' }]);
  });

  it('keeps a proposed fact out until the person confirms it, and marks a rejected one', async () => {
    const steps = projection(profileProjection, db).given(proposed(1));
    expect(await steps.then('SELECT status, confirmed FROM profile_facts')).toEqual([
      { status: 'proposed', confirmed: false },
    ]);
    expect(
      await steps
        .when(storedEvent(2, 'ProposalConfirmed', { proposalId: 'p-1' }))
        .then('SELECT status, confirmed FROM profile_facts'),
    ).toEqual([{ status: 'proposed', confirmed: true }]);

    await db.query('TRUNCATE profile_facts');
    const rows = await projection(profileProjection, db)
      .given(proposed(1))
      .when(storedEvent(2, 'ProposalRejected', { proposalId: 'p-1' }))
      .then('SELECT status, confirmed FROM profile_facts');
    expect(rows).toEqual([{ status: 'rejected', confirmed: false }]);
  });

  it('a synthesis replaces the profile and clears an older block', async () => {
    const rows = await projection(profileProjection, db)
      .given(synthesized(1, 'first'), blocked(2))
      .when(synthesized(3, 'second'))
      .then(
        `SELECT profile, artifact_fingerprint, (SELECT count(*) FROM profile_blocks) AS blocks FROM profile_core`,
      );
    expect(rows).toEqual([{ profile: 'second', artifact_fingerprint: 'fp-3', blocks: '0' }]);
  });

  it('a block after the synthesis stays until a refresh asks again', async () => {
    const steps = projection(profileProjection, db).given(synthesized(1, 'first'), blocked(2));
    expect(await steps.then('SELECT reason, retry_at FROM profile_blocks')).toEqual([
      { reason: 'cost_cap', retry_at: new Date('2026-12-02T00:00:00.000Z') },
    ]);
    const rows = await steps
      .when(storedEvent(3, 'ProfileRefreshRequested', {}))
      .then('SELECT reason FROM profile_blocks');
    expect(rows).toEqual([]);
  });
});
