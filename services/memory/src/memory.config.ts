import { z } from 'zod';
import { parseEnv, type EnvironmentVariables } from '@mnemo/contracts';
import { QUIET_MINUTES } from './domain/quiet-time';

export const EXTRACTION_CONFIG = 'EXTRACTION_CONFIG';

/** The memory service's environment: its extraction reactors and the lapse sweep. */
export const MemoryEnv = z.object({
  MNEMO_MEMORY_ARTIFACT_DEBOUNCE_MS: z.coerce.number().int().min(0).default(3_000),
  /** How often any instance looks for artifact saves whose debounce timer died with its instance. */
  MNEMO_MEMORY_ARTIFACT_SWEEP_MS: z.coerce.number().int().min(50).default(60_000),
  /** A save is taken over by the sweep this long after it was saved: past the debounce and its lock wait. */
  MNEMO_MEMORY_ARTIFACT_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5 * 60_000),
  /** Saves older than this are not taken over any more (the extraction's done marker lives a day). */
  MNEMO_MEMORY_ARTIFACT_LOOKBACK_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 60 * 60_000),
  MNEMO_MEMORY_QUIET_MINUTES: z.coerce.number().positive().default(QUIET_MINUTES),
  MNEMO_MEMORY_QUIET_SWEEP_MS: z.coerce.number().int().min(50).default(60_000),
  /** A session whose last turn is older than this is not looked at any more. */
  MNEMO_MEMORY_QUIET_LOOKBACK_DAYS: z.coerce.number().positive().default(7),
  /** How often proposals and plans past their time are lapsed: hourly. */
  MNEMO_MEMORY_SWEEP_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(60 * 60 * 1000),
});

/** The settings the service runs on, each read from its variables: the one definition of MemoryConfig. */
const MemorySettings = MemoryEnv.transform((parsed) => ({
  artifactDebounceMs: parsed.MNEMO_MEMORY_ARTIFACT_DEBOUNCE_MS,
  artifactSweepMs: parsed.MNEMO_MEMORY_ARTIFACT_SWEEP_MS,
  artifactGraceMs: parsed.MNEMO_MEMORY_ARTIFACT_GRACE_MS,
  artifactLookbackMs: parsed.MNEMO_MEMORY_ARTIFACT_LOOKBACK_MS,
  quietMinutes: parsed.MNEMO_MEMORY_QUIET_MINUTES,
  quietSweepMs: parsed.MNEMO_MEMORY_QUIET_SWEEP_MS,
  quietLookbackDays: parsed.MNEMO_MEMORY_QUIET_LOOKBACK_DAYS,
  lapseSweepMs: parsed.MNEMO_MEMORY_SWEEP_MS,
}));

export type MemoryConfig = z.infer<typeof MemorySettings>;
/** What the extraction reactor and sweeps read: everything but the lapse sweep. */
export type ExtractionConfig = Omit<MemoryConfig, 'lapseSweepMs'>;

/** Reads memory's settings from the environment the platform passes; a bad value throws ConfigError naming the variable. */
export function loadMemoryConfig(env: EnvironmentVariables): MemoryConfig {
  return parseEnv(MemorySettings, env);
}
