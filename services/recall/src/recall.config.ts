import { z } from 'zod';
import { parseEnv, type EnvironmentVariables } from '@mnemo/contracts';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const score = z.coerce.number().min(0).max(1);

/** The recall service's environment; names are the variables, values their defaults (seed 003's numbers). */
export const RecallEnv = z.object({
  /** Hits under this normalized score are dropped (seed 003: 0.30). */
  MNEMO_RECALL_MIN_SCORE: score.default(0.3),
  /** Prior decisions under this relevance are dropped (seed 003: 0.35). */
  MNEMO_PRIOR_DECISIONS_MIN_SCORE: score.default(0.35),
  MNEMO_RECALL_MAX_LIMIT: z.coerce.number().int().min(1).max(200).default(50),
  /** Distil decisions with the paid model (seed 003: opt-in, as its loops are); off: the offline phrasing rules. */
  MNEMO_DECISIONS_ENABLED: flag.default(false),
  /** How long a visited-ledger entry lives after its last mark (seed 003: ephemeral, per conversation). */
  MNEMO_VISITED_TTL_HOURS: z.coerce.number().positive().max(24 * 30).default(24),
  MNEMO_VISITED_MAX_ENTRIES: z.coerce.number().int().min(1).max(10_000).default(500),
});

export interface RecallConfig {
  minScore: number;
  decisionsMinScore: number;
  maxLimit: number;
  decisionsEnabled: boolean;
  visitedTtlMs: number;
  visitedMaxEntries: number;
}

/** Reads recall's settings; a bad value throws with the variable's name and the reason. */
export function loadRecallConfig(env: EnvironmentVariables): RecallConfig {
  const e = parseEnv(RecallEnv, env);
  return {
    minScore: e.MNEMO_RECALL_MIN_SCORE,
    decisionsMinScore: e.MNEMO_PRIOR_DECISIONS_MIN_SCORE,
    maxLimit: e.MNEMO_RECALL_MAX_LIMIT,
    decisionsEnabled: e.MNEMO_DECISIONS_ENABLED,
    visitedTtlMs: Math.round(e.MNEMO_VISITED_TTL_HOURS * 3_600_000),
    visitedMaxEntries: e.MNEMO_VISITED_MAX_ENTRIES,
  };
}
