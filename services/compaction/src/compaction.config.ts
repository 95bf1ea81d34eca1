import { z } from 'zod';
import { parseEnv, type EnvironmentVariables } from '@mnemo/contracts';
import { COMPACTION_MAX_OUTPUT_TOKENS } from './domain/compaction-prompt';

export const COMPACTION_CONFIG = 'COMPACTION_CONFIG';

/** The compaction service's environment; names are the variables, values their defaults. */
export const CompactionEnv = z.object({
  /** The most output tokens a summary may cost; its worst case is reserved first (docs/costs.md). */
  MNEMO_COMPACTION_MAX_OUTPUT_TOKENS: z.coerce
    .number()
    .int()
    .min(64)
    .max(8192)
    .default(COMPACTION_MAX_OUTPUT_TOKENS),
  /** How long a finished compaction is remembered, so a redelivered pause never pays for a second summary. */
  MNEMO_COMPACTION_DONE_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
});

/** The settings the service runs on, each read from its variables: the one definition of CompactionConfig. */
const CompactionSettings = CompactionEnv.transform((e) => ({
  maxOutputTokens: e.MNEMO_COMPACTION_MAX_OUTPUT_TOKENS,
  doneTtlMs: Math.round(e.MNEMO_COMPACTION_DONE_TTL_HOURS * 3_600_000),
}));

export type CompactionConfig = z.infer<typeof CompactionSettings>;

/** Reads compaction's settings from the environment the platform passes; a bad value throws ConfigError naming the variable. */
export function loadCompactionConfig(env: EnvironmentVariables): CompactionConfig {
  return parseEnv(CompactionSettings, env);
}
