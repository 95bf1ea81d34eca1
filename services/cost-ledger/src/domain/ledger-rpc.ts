import { z } from 'zod';
import { CallLabel, CostPool, LlmCallSettled, subjects, subjectToken } from '@mnemo/contracts';

/** The request/reply surface of the ledger: `mnemo.rpc.cost-ledger.<verb>`, answered by any instance of the queue group. */
export const LEDGER_SERVICE = 'cost-ledger';
export const ledgerSubjects = {
  reserve: subjects.rpc(LEDGER_SERVICE, 'reserve'),
  commit: subjects.rpc(LEDGER_SERVICE, 'commit'),
  release: subjects.rpc(LEDGER_SERVICE, 'release'),
  resolveKey: subjects.rpc(LEDGER_SERVICE, 'resolve-key'),
} as const;

/** Which of an account's provider keys a runtime calls with; the secret travels encrypted and is decrypted only by the caller. */
export const ResolveKeyBody = z.object({ account: subjectToken });
export type ResolveKeyBody = z.infer<typeof ResolveKeyBody>;

export const ResolveKeyAnswer = z.object({
  key: z
    .object({
      id: z.string().min(1),
      active: z.boolean(),
      createdAt: z.string(),
      encryptedSecret: z.string().min(1),
    })
    .nullable(),
});
export type ResolveKeyAnswer = z.infer<typeof ResolveKeyAnswer>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const money = z.number().nonnegative().max(1_000_000);

/** The caller picks the reservation id, so a retried request holds once (the ledger answers the first decision again). */
export const ReserveBody = z.object({
  reservationId: z.uuid(),
  account: subjectToken,
  pools: z.array(CostPool).min(1).max(3),
  label: CallLabel,
  model: z.string().min(1).max(200),
  worstCaseUsd: money,
});
export type ReserveBody = z.infer<typeof ReserveBody>;

export type ReserveAnswer =
  | { granted: true; reservationId: string; expiresAt: string; day: string }
  | {
      granted: false;
      code: 'cost_cap';
      pool: z.infer<typeof CostPool>;
      spentUsd: number;
      reservedUsd: number;
      capUsd: number;
    };

/**
 * Commit carries the whole call, not only the reservation id: when the reservation expired, or the
 * ledger was unreachable and the caller granted itself (fail-open), the spend is still recorded
 * against the pools and day the caller names.
 */
export const CommitBody = z.object({
  reservationId: z.string().min(1).max(100),
  account: subjectToken,
  pools: z.array(CostPool).min(1).max(3),
  label: CallLabel,
  model: z.string().min(1).max(200),
  day,
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  costUsd: money,
  /** A paid answer that failed its schema is spent all the same, and recorded as invalid_output. */
  outcome: z.enum(['ok', 'invalid_output']).default('ok'),
});
export type CommitBody = z.input<typeof CommitBody>;

export const ReleaseBody = CommitBody.pick({
  reservationId: true,
  account: true,
  pools: true,
  label: true,
  model: true,
  day: true,
}).extend({
  /** How the provider call failed: recorded as the settled call's outcome. */
  outcome: z.enum(['rate_limited', 'api_error']).default('api_error'),
});
export type ReleaseBody = z.input<typeof ReleaseBody>;

export interface SettleAnswer {
  /** False when the reservation was already settled: nothing was counted twice. */
  recorded: boolean;
  /** True when a held reservation was found; false for an expired or self-granted one. */
  matched: boolean;
}

export type SettledOutcome = z.infer<typeof LlmCallSettled>['outcome'];
