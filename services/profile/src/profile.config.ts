import { z } from 'zod';
import { parseEnv, type EnvironmentVariables } from '@mnemo/contracts';
import { PROFILE_MIN_ARTIFACTS } from './domain/regeneration';

export const PROFILE_CONFIG = 'PROFILE_CONFIG';

/** The profile service's environment (docs/profile.md). */
export const ProfileEnv = z.object({
  MNEMO_PROFILE_MIN_ARTIFACTS: z.coerce.number().int().min(1).default(PROFILE_MIN_ARTIFACTS),
  /** The synthesis reads at most this many characters of artifacts (the newest first), bounding the call's cost. */
  MNEMO_PROFILE_INPUT_MAX_CHARS: z.coerce.number().int().min(1000).default(60_000),
  /** Confirmed and recent facts handed to the synthesis next to the artifacts. */
  MNEMO_PROFILE_MAX_FACTS: z.coerce.number().int().min(0).max(200).default(30),
  /** How often a profile blocked by the daily cap is looked at for its retry after UTC midnight. */
  MNEMO_PROFILE_RETRY_SWEEP_MS: z.coerce.number().int().min(50).default(60_000),
  /** An imported inventory is capped at 5 MB (413 beyond). */
  MNEMO_LIFE_INVENTORY_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(5 * 1024 * 1024),
});

/** The settings the service runs on, each read from its variables: the one definition of ProfileConfig. */
const ProfileSettings = ProfileEnv.transform((p) => ({
  minArtifacts: p.MNEMO_PROFILE_MIN_ARTIFACTS,
  inputMaxChars: p.MNEMO_PROFILE_INPUT_MAX_CHARS,
  maxFacts: p.MNEMO_PROFILE_MAX_FACTS,
  retrySweepMs: p.MNEMO_PROFILE_RETRY_SWEEP_MS,
  importMaxBytes: p.MNEMO_LIFE_INVENTORY_IMPORT_MAX_BYTES,
}));

export type ProfileConfig = z.infer<typeof ProfileSettings>;

/** Parsed once at start; a bad value stops the start with the variable and the reason. */
export function parseProfileConfig(env: EnvironmentVariables): ProfileConfig {
  return parseEnv(ProfileSettings, env);
}
