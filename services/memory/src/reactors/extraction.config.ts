import { z } from 'zod';
import { QUIET_MINUTES } from '../domain/quiet-time';

export const EXTRACTION_CONFIG = 'EXTRACTION_CONFIG';

/** The extraction reactors' environment; defaults are SPEC §5 and seed 001. */
export const ExtractionEnv = z.object({
  MNEMO_MEMORY_ARTIFACT_DEBOUNCE_MS: z.coerce.number().int().min(0).default(3_000),
  MNEMO_MEMORY_QUIET_MINUTES: z.coerce.number().positive().default(QUIET_MINUTES),
  MNEMO_MEMORY_QUIET_SWEEP_MS: z.coerce.number().int().min(50).default(60_000),
  /** A session whose last turn is older than this is not looked at any more. */
  MNEMO_MEMORY_QUIET_LOOKBACK_DAYS: z.coerce.number().positive().default(7),
});

export interface ExtractionConfig {
  artifactDebounceMs: number;
  quietMinutes: number;
  quietSweepMs: number;
  quietLookbackDays: number;
}

export function parseExtractionConfig(env: Record<string, string | undefined>): ExtractionConfig {
  const parsed = ExtractionEnv.parse(env);
  return {
    artifactDebounceMs: parsed.MNEMO_MEMORY_ARTIFACT_DEBOUNCE_MS,
    quietMinutes: parsed.MNEMO_MEMORY_QUIET_MINUTES,
    quietSweepMs: parsed.MNEMO_MEMORY_QUIET_SWEEP_MS,
    quietLookbackDays: parsed.MNEMO_MEMORY_QUIET_LOOKBACK_DAYS,
  };
}
