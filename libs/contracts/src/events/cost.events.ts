import { z } from 'zod';
import { storedCount } from './stored-integer';

export const CostPool = z.enum(['compaction', 'session', 'profile']);
/** What a paid call was for; `embedding` is an embeddings endpoint's call (recall's chunks and questions), the rest model calls. */
export const CallLabel = z.enum([
  'compaction',
  'memory',
  'profile',
  'insight',
  'decision',
  'skill',
  'embedding',
]);

export const LlmCallSettled = z.object({
  reservationId: z.string().optional(),
  pools: z.array(CostPool).min(1),
  label: CallLabel,
  model: z.string(),
  inputTokens: storedCount,
  outputTokens: storedCount,
  costUsd: z.number().nonnegative(),
  outcome: z.enum([
    'ok',
    'cost_cap',
    'no_credential',
    'rate_limited',
    'api_error',
    'invalid_output',
  ]),
  /** The UTC day the spend counts against (YYYY-MM-DD). */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

export const FeatureEventRecorded = z.object({
  name: z.string().min(1).max(100),
  action: z.string().min(1).max(100),
  metadata: z.record(z.string(), z.unknown()).default({}),
});
/** A telemetry row (docs/costs.md): what one feature records of one action. */
export type FeatureEvent = z.infer<typeof FeatureEventRecorded>;

/** One feature's telemetry rows: `const feature = featureEvents('memory')`, then `feature(action, metadata)`. */
export const featureEvents =
  (name: string) =>
  (action: string, metadata: Record<string, unknown>): FeatureEvent => ({ name, action, metadata });

/** An admin set one account's daily cap for one pool; it overrides the deployment's default from then on. */
export const CostCapSet = z.object({
  pool: CostPool,
  capUsd: z.number().nonnegative().max(1_000_000),
});

/**
 * An account stored a provider key. Only the AES-GCM ciphertext (keyed by MNEMO_SECRET_KEY) and a
 * masked form travel; the plain key is in no event, row, log or answer.
 */
export const LlmKeyAdded = z.object({
  keyId: z.string().min(1).max(64),
  /** Named so the redactor's secret-named-field rule leaves the ciphertext whole (it is no secret). */
  sealedKey: z.string().min(1).max(4096),
  maskedKey: z.string().max(64),
  active: z.boolean(),
});

/** The account's active key changed; the previously active one stays stored as a fallback. */
export const LlmKeyActivated = z.object({
  keyId: z.string().min(1).max(64),
});

export const costEvents = {
  LlmCallSettled,
  FeatureEventRecorded,
  CostCapSet,
  LlmKeyAdded,
  LlmKeyActivated,
} as const;
