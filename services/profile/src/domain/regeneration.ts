/**
 * A core profile is synthesized only once the person has at least this many completed artifacts.
 */
export const PROFILE_MIN_ARTIFACTS = 3;

export type BlockReason = 'cost_cap' | 'no_credential' | 'api_error';

export interface ProfileBlock {
  reason: BlockReason;
  /** When an automatic retry will happen (cost_cap only: the next UTC midnight). */
  retryAt: string | null;
}

/** The next UTC midnight strictly after `at`: when the daily caps reset (docs/costs.md). */
export function nextUtcMidnight(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

/**
 * A failed model call → the block it leaves (docs/profile.md): cost_cap, no_credential, api_error
 * for anything else.
 */
export function blockFor(failure: string, at: Date): ProfileBlock {
  if (failure === 'cost_cap')
    return { reason: 'cost_cap', retryAt: nextUtcMidnight(at).toISOString() };
  if (failure === 'no_credential') return { reason: 'no_credential', retryAt: null };
  return { reason: 'api_error', retryAt: null };
}

export interface SaveContext {
  /** Completed artifacts now, the saved one included. */
  artifactCount: number;
  /** Artifacts other than the saved one. */
  priorCount: number;
  hasProfile: boolean;
  /** The stored profile's fingerprint equals the current artifacts'. */
  profileFresh: boolean;
}

export type SaveDecision =
  { action: 'skip'; reason: 'below_threshold' } | { action: 'none' } | { action: 'synthesize' };

/** What an artifact save asks of the profile: under the threshold a skip, an up-to-date profile nothing, else a synthesis. */
export function decideOnSave(
  context: SaveContext,
  minArtifacts = PROFILE_MIN_ARTIFACTS,
): SaveDecision {
  if (context.artifactCount < minArtifacts) return { action: 'skip', reason: 'below_threshold' };
  if (context.hasProfile && context.profileFresh) return { action: 'none' };
  return { action: 'synthesize' };
}

/** `memory_feedback_eligible` when an artifact is saved and the person had at least 2 before. */
export const feedbackEligible = (context: Pick<SaveContext, 'priorCount'>): boolean =>
  context.priorCount >= 2;
