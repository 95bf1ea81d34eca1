import { z } from 'zod';

export const INSIGHT_CONFIG = 'INSIGHT_CONFIG';

/** The insight service's environment. */
export const InsightEnv = z.object({
  /** A saved artifact is compared with at most this many others, the most recent first. */
  MNEMO_INSIGHT_MAX_COMPARED: z.coerce.number().int().min(1).max(100).default(20),
  /** The detection call reads at most this many characters of artifacts, bounding its cost. */
  MNEMO_INSIGHT_INPUT_MAX_CHARS: z.coerce.number().int().min(1000).default(60_000),
});

export interface InsightConfig {
  maxCompared: number;
  inputMaxChars: number;
}

/** Parsed once at start; a bad value stops the start with the variable and the reason. */
export function parseInsightConfig(env: Record<string, string | undefined>): InsightConfig {
  const parsed = InsightEnv.safeParse(env);
  if (!parsed.success) throw new Error(`insight config: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return { maxCompared: parsed.data.MNEMO_INSIGHT_MAX_COMPARED, inputMaxChars: parsed.data.MNEMO_INSIGHT_INPUT_MAX_CHARS };
}
