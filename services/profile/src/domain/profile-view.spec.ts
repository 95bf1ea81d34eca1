import { profileView, type StoredProfile } from './profile-view';

const stored: StoredProfile = {
  text: '**Themes and values:** family first',
  generatedAt: '2026-12-01T12:00:00.000Z',
  artifactCount: 3,
  fingerprint: 'f-1',
};

describe('profileView', () => {
  it('reads a profile made from the current artifacts as fresh', () => {
    expect(profileView(stored, 'f-1', null)).toEqual({
      text: stored.text,
      generatedAt: stored.generatedAt,
      artifactCount: 3,
      isStale: false,
      blocked: null,
    });
  });

  it('reads a profile as stale once the artifacts it read have changed', () => {
    expect(profileView(stored, 'f-2', null).isStale).toBe(true);
  });

  it('with no profile yet, has nothing to be stale and counts no artifacts', () => {
    expect(profileView(null, 'f-2', null)).toEqual({
      text: null,
      generatedAt: null,
      artifactCount: 0,
      isStale: false,
      blocked: null,
    });
  });

  it('passes on why the last regeneration was blocked', () => {
    const block = { reason: 'cost_cap' as const, retryAt: '2026-12-02T00:00:00.000Z' };
    expect(profileView(stored, 'f-1', block).blocked).toEqual(block);
  });
});
