import { artifactFingerprint, contentHash } from './artifact-fingerprint';

const a = { id: 'a', contentHash: contentHash('I want to move to Lisbon.') };
const b = { id: 'b', contentHash: contentHash('I value time with my kids.') };

describe('artifactFingerprint', () => {
  it('is the same for the same artifacts in any order', () => {
    expect(artifactFingerprint([a, b])).toBe(artifactFingerprint([b, a]));
  });

  it('changes when an artifact is added or removed', () => {
    expect(artifactFingerprint([a, b])).not.toBe(artifactFingerprint([a]));
    expect(artifactFingerprint([a])).not.toBe(artifactFingerprint([]));
  });

  it('changes when an artifact is edited, though its id stays', () => {
    const edited = { id: 'a', contentHash: contentHash('I want to stay in Porto.') };
    expect(artifactFingerprint([edited, b])).not.toBe(artifactFingerprint([a, b]));
  });

  it('keeps id and content apart, so shifting text between them changes the fingerprint', () => {
    expect(artifactFingerprint([{ id: 'ab', contentHash: 'c' }])).not.toBe(
      artifactFingerprint([{ id: 'a', contentHash: 'bc' }]),
    );
  });
});

describe('contentHash', () => {
  it('is a sha256 of the text, stable across calls', () => {
    expect(contentHash('x')).toMatch(/^[0-9a-f]{64}$/);
    expect(contentHash('x')).toBe(contentHash('x'));
    expect(contentHash('x')).not.toBe(contentHash('x '));
  });
});
