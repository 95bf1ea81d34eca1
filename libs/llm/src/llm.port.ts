import type { z, ZodType } from 'zod';
import type { CallLabel, CostPool } from '@mnemo/contracts';
import type { SourceTurn } from './extraction/source-turn';

export const LLM_CLIENT = 'LLM_CLIENT';

/** What a call is for; the cost ledger records spend under it (docs/costs.md). The LlmCallSettled event's enum. */
export type LlmCallLabel = z.infer<typeof CallLabel>;
/** The labels of model calls: an embeddings call is metered by the same ledger but never runs through the LLM port. */
export type ModelCallLabel = Exclude<LlmCallLabel, 'embedding'>;
/** Daily cost pools (docs/costs.md): a call reserves against every pool it counts toward. The LlmCallSettled event's enum. */
export type LlmCostPool = z.infer<typeof CostPool>;
export type LlmProvider = 'anthropic' | 'offline';
export type LlmFailureKind =
  'no_credential' | 'cost_cap' | 'rate_limited' | 'api_error' | 'invalid_output';

export interface LlmMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
}

/**
 * `true` asks for one JSON object; `{ listKey }` asks for `{ [listKey]: [...] }` and yields a list;
 * `alsoLists` names more lists the same object carries (`{"facts":[…],"plans":[…]}`).
 */
export type LlmJsonMode = boolean | { listKey: string; alsoLists?: readonly string[] };

export interface LlmRequest {
  account: string;
  label: ModelCallLabel;
  pools: readonly LlmCostPool[];
  system?: string;
  messages: readonly LlmMessage[];
  maxOutputTokens: number;
  json?: LlmJsonMode;
  /**
   * The raw material the prompt wraps (a transcript, the artifacts). The offline adapter works on it
   * instead of the prompt text; without it, it falls back to the user messages.
   */
  source?: string | readonly string[];
  /**
   * The conversation the prompt wraps, turn by turn with its seqs and dates: the offline adapter reads
   * it (provenance, relative dates) in preference to `source`; a model reads the prompt built from it.
   */
  turns?: readonly SourceTurn[];
  /** Use the offline adapter when no key resolves; defaults to the runtime's setting. */
  offlineFallback?: boolean;
  /**
   * Use the offline adapter whatever key resolves: for input too small to be worth a paid call (seed
   * 000's 200 characters), which the rules still read at no cost.
   */
  offlineOnly?: boolean;
  /** A coding agent's session: the offline rules read its turns for decisions, conventions and preferences. */
  coding?: boolean;
}

export interface LlmSuccess<D> {
  ok: true;
  text: string;
  data: D;
  /** Items of a list answer that failed validation and were dropped (0 for non-list answers). */
  dropped: number;
  usage: LlmUsage;
  costUsd: number;
  model: string;
  provider: LlmProvider;
}

export interface LlmFailure {
  ok: false;
  failure: LlmFailureKind;
  /** Safe to log and to show: never holds a key. */
  message: string;
  model: string;
  provider: LlmProvider | 'none';
  /** Spend that happened anyway (an answer that failed validation was still billed). */
  usage?: LlmUsage;
  costUsd?: number;
  /** cost_cap only. */
  spentUsd?: number;
  capUsd?: number;
  pool?: LlmCostPool;
  /** rate_limited / api_error from the provider. */
  status?: number;
  retryAfterMs?: number;
}

export type LlmResult<D> = LlmSuccess<D> | LlmFailure;

/** The one LLM port every service calls. */
export interface LlmClient {
  complete<T>(
    request: LlmRequest & { schema: ZodType<T>; json: { listKey: string } },
  ): Promise<LlmResult<T[]>>;
  complete<T>(request: LlmRequest & { schema: ZodType<T> }): Promise<LlmResult<T>>;
  complete(request: LlmRequest): Promise<LlmResult<undefined>>;
}

/** What the runtime hands an adapter: the model-facing parts of the request (no account, pools or fallback). */
export type AdapterRequest = Pick<
  LlmRequest,
  'label' | 'system' | 'messages' | 'maxOutputTokens' | 'json' | 'source' | 'turns' | 'coding'
>;

export type AdapterOutcome =
  | { ok: true; text: string; usage: LlmUsage }
  | {
      ok: false;
      failure: 'rate_limited' | 'api_error';
      message: string;
      status?: number;
      retryAfterMs?: number;
    };

/** A model behind the port: Anthropic's Messages API or the offline rules. */
export interface LlmAdapter {
  readonly provider: LlmProvider;
  readonly model: string;
  call(request: AdapterRequest): Promise<AdapterOutcome>;
}
