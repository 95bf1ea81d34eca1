import { z } from 'zod';
import { DEFAULT_ANTHROPIC_MODEL } from './anthropic/anthropic.adapter';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true' || value === '1'));

/** The environment the LLM runtime reads, parsed once at start. ANTHROPIC_BASE_URL is read by the SDK itself. */
export const LlmEnv = z.object({
  MNEMO_LLM_MODEL: z.string().min(1).default(DEFAULT_ANTHROPIC_MODEL),
  MNEMO_LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  MNEMO_LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  MNEMO_LLM_OFFLINE_FALLBACK: flag(true),
  MNEMO_COST_GUARD_FAIL_OPEN: flag(true),
  ANTHROPIC_API_KEY: z.string().optional(),
  MNEMO_SECRET_KEY: z.string().optional(),
});

export interface LlmConfig {
  model: string;
  timeoutMs: number;
  maxRetries: number;
  offlineFallback: boolean;
  failOpen: boolean;
  deploymentKey: string | null;
  secretKey: string | null;
}

export function parseLlmConfig(env: Record<string, string | undefined>): LlmConfig {
  const parsed = LlmEnv.parse(env);
  return {
    model: parsed.MNEMO_LLM_MODEL,
    timeoutMs: parsed.MNEMO_LLM_TIMEOUT_MS,
    maxRetries: parsed.MNEMO_LLM_MAX_RETRIES,
    offlineFallback: parsed.MNEMO_LLM_OFFLINE_FALLBACK,
    failOpen: parsed.MNEMO_COST_GUARD_FAIL_OPEN,
    deploymentKey: parsed.ANTHROPIC_API_KEY?.trim() || null,
    secretKey: parsed.MNEMO_SECRET_KEY || null,
  };
}
