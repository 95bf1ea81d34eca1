import type { ProfileBlock } from './regeneration';

export interface StoredProfile {
  text: string;
  generatedAt: string;
  artifactCount: number;
  fingerprint: string;
}

export interface ProfileView {
  text: string | null;
  generatedAt: string | null;
  artifactCount: number;
  isStale: boolean;
  blocked: ProfileBlock | null;
}

/**
 * GET /v1/profile: staleness computed at read time (docs/profile.md: no polling) from the
 * fingerprint the profile kept and the current artifacts'. No profile yet: nothing to be stale.
 */
export function profileView(
  profile: StoredProfile | null,
  currentFingerprint: string,
  block: ProfileBlock | null,
): ProfileView {
  return {
    text: profile?.text ?? null,
    generatedAt: profile?.generatedAt ?? null,
    artifactCount: profile?.artifactCount ?? 0,
    isStale: profile !== null && profile.fingerprint !== currentFingerprint,
    blocked: block,
  };
}
