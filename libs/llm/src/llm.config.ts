import { z } from 'zod';
import { DEFAULT_ANTHROPIC_MODEL } from './anthropic/anthropic.adapter';
import type { ModelPrice } from './domain/pricing';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true' || value === '1'));

/** The environment the LLM runtime reads, parsed once at start. ANTHROPIC_BASE_URL is read by the SDK itself. */
export const LlmEnv = z
  .object({
    MNEMO_LLM_MODEL: z.string().min(1).default(DEFAULT_ANTHROPIC_MODEL),
    MNEMO_LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
    MNEMO_LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
    MNEMO_LLM_OFFLINE_FALLBACK: flag(true),
    MNEMO_COST_GUARD_FAIL_OPEN: flag(true),
    /** Dollars per million tokens for MNEMO_LLM_MODEL, for a model the built-in price table does not know. Both or neither. */
    MNEMO_LLM_PRICE_INPUT_PER_MTOK: z.coerce.number().nonnegative().max(10_000).optional(),
    MNEMO_LLM_PRICE_OUTPUT_PER_MTOK: z.coerce.number().nonnegative().max(10_000).optional(),
    ANTHROPIC_API_KEY: z.string().optional(),
    MNEMO_SECRET_KEY: z.string().optional(),
  })
  .refine(
    (env) =>
      (env.MNEMO_LLM_PRICE_INPUT_PER_MTOK === undefined) ===
      (env.MNEMO_LLM_PRICE_OUTPUT_PER_MTOK === undefined),
    {
      message:
        'set both MNEMO_LLM_PRICE_INPUT_PER_MTOK and MNEMO_LLM_PRICE_OUTPUT_PER_MTOK, or neither',
      path: ['MNEMO_LLM_PRICE_OUTPUT_PER_MTOK'],
    },
  );

/** The settings the service runs on, each read from its variables: the one definition of LlmConfig. */
const LlmSettings = LlmEnv.transform((parsed) => ({
  model: parsed.MNEMO_LLM_MODEL,
  /** The configured model's price when set explicitly; otherwise the built-in table prices it. */
  price:
    parsed.MNEMO_LLM_PRICE_INPUT_PER_MTOK === undefined ||
    parsed.MNEMO_LLM_PRICE_OUTPUT_PER_MTOK === undefined
      ? null
      : ({
          inputPerMTok: parsed.MNEMO_LLM_PRICE_INPUT_PER_MTOK,
          outputPerMTok: parsed.MNEMO_LLM_PRICE_OUTPUT_PER_MTOK,
        } satisfies ModelPrice),
  timeoutMs: parsed.MNEMO_LLM_TIMEOUT_MS,
  maxRetries: parsed.MNEMO_LLM_MAX_RETRIES,
  offlineFallback: parsed.MNEMO_LLM_OFFLINE_FALLBACK,
  failOpen: parsed.MNEMO_COST_GUARD_FAIL_OPEN,
  deploymentKey: parsed.ANTHROPIC_API_KEY?.trim() || null,
  secretKey: parsed.MNEMO_SECRET_KEY || null,
}));

export type LlmConfig = z.infer<typeof LlmSettings>;

export function parseLlmConfig(env: Record<string, string | undefined>): LlmConfig {
  return LlmSettings.parse(env);
}
