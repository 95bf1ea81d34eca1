import { createHash } from 'node:crypto';

export interface FingerprintedArtifact {
  id: string;
  /** A hash of the artifact's content: an edited artifact changes the fingerprint too. */
  contentHash: string;
}

export const contentHash = (content: string): string =>
  createHash('sha256').update(content, 'utf8').digest('hex');

/**
 * The profile keeps the fingerprint of the artifacts it read, and staleness is that fingerprint
 * against the current artifacts' at read time. Order-independent: the set is what counts.
 */
export function artifactFingerprint(artifacts: readonly FingerprintedArtifact[]): string {
  const lines = artifacts.map((a) => `${a.id}\u0000${a.contentHash}`).sort();
  return createHash('sha256').update(lines.join('\n'), 'utf8').digest('hex');
}
