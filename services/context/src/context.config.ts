import { z } from 'zod';
import { parseEnv, type EnvironmentVariables } from '@mnemo/contracts';

export const DEFAULT_CONTEXT_CACHE_TTL_MS = 10 * 60_000;
export const DEFAULT_CONTEXT_SOURCE_TIMEOUT_MS = 2_000;

/** The context service's environment; names are the variables, values their defaults. */
export const ContextEnv = z.object({
  /** A cached context lives this long at most, even while no source changes. */
  MNEMO_CONTEXT_CACHE_TTL_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(DEFAULT_CONTEXT_CACHE_TTL_MS),
  /** A source slower than this is left out of the context (fail-open). */
  MNEMO_CONTEXT_SOURCE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(60_000)
    .default(DEFAULT_CONTEXT_SOURCE_TIMEOUT_MS),
});

/** The settings the service runs on, each read from its variables: the one definition of ContextConfig. */
const ContextSettings = ContextEnv.transform((e) => ({
  cacheTtlMs: e.MNEMO_CONTEXT_CACHE_TTL_MS,
  sourceTimeoutMs: e.MNEMO_CONTEXT_SOURCE_TIMEOUT_MS,
}));

export type ContextConfig = z.infer<typeof ContextSettings>;

/** Reads context's settings from the environment the platform passes; a bad value throws ConfigError naming the variable. */
export function loadContextConfig(env: EnvironmentVariables): ContextConfig {
  return parseEnv(ContextSettings, env);
}
