import { featureEvents } from '@mnemo/contracts';

const feature = featureEvents('profile');

/** The profile's telemetry rows (docs/profile.md, docs/costs.md). */
export const profileGenerated = (m: {
  artifactCount: number;
  profileChars: number;
  inputTokens: number;
  outputTokens: number;
}) => feature('core_profile_generated', m);
export const profileSkipped = (m: {
  artifactCount: number;
  reason: 'below_threshold' | 'cost_cap';
}) => feature('core_profile_skipped', m);
export const feedbackEligibleEvent = (m: {
  sessionId: string | null;
  artifactCount: number;
  hadCoreProfile: boolean;
}) => feature('memory_feedback_eligible', m);
