import { z } from 'zod';
import { parseEnv, type EnvironmentVariables } from '@mnemo/contracts';

export const INSIGHT_CONFIG = 'INSIGHT_CONFIG';

/** The insight service's environment. */
export const InsightEnv = z.object({
  /** A saved artifact is compared with at most this many others, the most recent first. */
  MNEMO_INSIGHT_MAX_COMPARED: z.coerce.number().int().min(1).max(100).default(20),
  /** The detection call reads at most this many characters of artifacts, bounding its cost. */
  MNEMO_INSIGHT_INPUT_MAX_CHARS: z.coerce.number().int().min(1000).default(60_000),
});

/** The settings the service runs on, each read from its variables: the one definition of InsightConfig. */
const InsightSettings = InsightEnv.transform((e) => ({
  maxCompared: e.MNEMO_INSIGHT_MAX_COMPARED,
  inputMaxChars: e.MNEMO_INSIGHT_INPUT_MAX_CHARS,
}));

export type InsightConfig = z.infer<typeof InsightSettings>;

/** Parsed once at start; a bad value stops the start with the variable and the reason. */
export function parseInsightConfig(env: EnvironmentVariables): InsightConfig {
  return parseEnv(InsightSettings, env);
}
