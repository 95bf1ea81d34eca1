import { blockFor, decideOnSave, feedbackEligible, nextUtcMidnight } from './regeneration';
import { artifactFingerprint } from './artifact-fingerprint';
import { profileView } from './profile-view';

describe('core profile regeneration rules', () => {
  it.each([
    [
      { artifactCount: 2, priorCount: 1, hasProfile: false, profileFresh: false },
      { action: 'skip', reason: 'below_threshold' },
    ],
    [
      { artifactCount: 3, priorCount: 2, hasProfile: false, profileFresh: false },
      { action: 'synthesize' },
    ],
    [
      { artifactCount: 4, priorCount: 3, hasProfile: true, profileFresh: false },
      { action: 'synthesize' },
    ],
    [{ artifactCount: 4, priorCount: 4, hasProfile: true, profileFresh: true }, { action: 'none' }],
  ])('decides %j → %j', (context, decision) => {
    expect(decideOnSave(context)).toEqual(decision);
  });

  it('counts feedback as eligible once the person had two artifacts before the save', () => {
    expect([0, 1, 2, 3].map((priorCount) => feedbackEligible({ priorCount }))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('retries a cost-capped profile at the next UTC midnight, and the other blocks not on their own', () => {
    const at = new Date('2026-12-01T23:59:59.999Z');
    expect(nextUtcMidnight(at).toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(nextUtcMidnight(new Date('2026-12-31T00:00:00.000Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
    expect(blockFor('cost_cap', at)).toEqual({
      reason: 'cost_cap',
      retryAt: '2026-12-02T00:00:00.000Z',
    });
    expect(blockFor('no_credential', at)).toEqual({ reason: 'no_credential', retryAt: null });
    expect(
      ['api_error', 'rate_limited', 'invalid_output'].map((f) => blockFor(f, at).reason),
    ).toEqual(['api_error', 'api_error', 'api_error']);
  });
});

describe('staleness at read time', () => {
  const a = { id: 'a', contentHash: 'h1' };
  const b = { id: 'b', contentHash: 'h2' };
  const stored = (fingerprint: string) => ({
    text: 'P',
    generatedAt: '2026-12-01T00:00:00.000Z',
    artifactCount: 2,
    fingerprint,
  });

  it('fingerprints the set of artifacts and their content, in any order', () => {
    expect(artifactFingerprint([a, b])).toBe(artifactFingerprint([b, a]));
    expect(artifactFingerprint([a, b])).not.toBe(
      artifactFingerprint([a, { id: 'b', contentHash: 'edited' }]),
    );
    expect(artifactFingerprint([a, b])).not.toBe(artifactFingerprint([a]));
  });

  it('is stale when the artifacts changed since the profile read them, and never without a profile', () => {
    const read = artifactFingerprint([a, b]);
    expect(profileView(stored(read), read, null).isStale).toBe(false);
    expect(
      profileView(stored(read), artifactFingerprint([a, b, { id: 'c', contentHash: 'h3' }]), null)
        .isStale,
    ).toBe(true);
    expect(profileView(null, read, { reason: 'no_credential', retryAt: null })).toEqual({
      text: null,
      generatedAt: null,
      artifactCount: 0,
      isStale: false,
      blocked: { reason: 'no_credential', retryAt: null },
    });
  });
});
