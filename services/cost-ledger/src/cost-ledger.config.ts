import { z } from 'zod';
import { parseEnv, type EnvironmentVariables } from '@mnemo/contracts';
import { DEFAULT_CAPS, type CostPoolName } from './domain/cost-pools';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true' || value === '1'));

const usd = z.coerce.number().nonnegative().max(1_000_000);

/** The ledger's environment; every value is a default configuration may change (docs/costs.md). */
export const CostLedgerEnv = z.object({
  MNEMO_CAP_COMPACTION_USD: usd.default(DEFAULT_CAPS.compaction),
  MNEMO_CAP_SESSION_USD: usd.default(DEFAULT_CAPS.session),
  MNEMO_CAP_PROFILE_USD: usd.default(DEFAULT_CAPS.profile),
  /** How long a reservation holds budget when its caller never commits nor releases. */
  MNEMO_COST_RESERVATION_TTL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60_000),
  MNEMO_COST_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  /** How long a caller waits for the ledger before treating it as unreachable. */
  MNEMO_COST_LEDGER_TIMEOUT_MS: z.coerce.number().int().min(50).default(2000),
  MNEMO_COST_LEDGER_FAIL_OPEN: z.enum(['true', 'false', '1', '0']).optional(),
  /** The LLM runtime's older name for the same switch; MNEMO_COST_LEDGER_FAIL_OPEN wins when both are set. */
  MNEMO_COST_GUARD_FAIL_OPEN: flag(true),
  MNEMO_SECRET_KEY: z.string().optional(),
});

/** The settings the service runs on, each read from its variables: the one definition of CostLedgerConfig. */
const CostLedgerSettings = CostLedgerEnv.transform((parsed) => {
  const ledgerFlag = parsed.MNEMO_COST_LEDGER_FAIL_OPEN;
  return {
    caps: {
      compaction: parsed.MNEMO_CAP_COMPACTION_USD,
      session: parsed.MNEMO_CAP_SESSION_USD,
      profile: parsed.MNEMO_CAP_PROFILE_USD,
    } satisfies Record<CostPoolName, number>,
    reservationTtlMs: parsed.MNEMO_COST_RESERVATION_TTL_MS,
    sweepIntervalMs: parsed.MNEMO_COST_SWEEP_INTERVAL_MS,
    requestTimeoutMs: parsed.MNEMO_COST_LEDGER_TIMEOUT_MS,
    failOpen:
      ledgerFlag === undefined
        ? parsed.MNEMO_COST_GUARD_FAIL_OPEN
        : ledgerFlag === 'true' || ledgerFlag === '1',
    /** Null when MNEMO_SECRET_KEY is unset: account keys can then be neither stored nor read. */
    secretKey: parsed.MNEMO_SECRET_KEY || null,
  };
});

export type CostLedgerConfig = z.infer<typeof CostLedgerSettings>;

/** Reads the ledger's settings; a bad value throws ConfigError naming the variable and the reason. */
export function parseCostLedgerConfig(env: EnvironmentVariables): CostLedgerConfig {
  return parseEnv(CostLedgerSettings, env);
}
