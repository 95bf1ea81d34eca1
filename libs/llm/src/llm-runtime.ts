import type { ZodType } from 'zod';
import { redact } from '@mnemo/redaction';
import { decryptSecret, fingerprintSecret } from './credentials/secret-box';
import type { LlmKeyStore } from './credentials/llm-key-store.port';
import { jsonInstruction } from './anthropic/json-instruction';
import { CostGuardBusyError, type CostGuard } from './cost-guard/cost-guard.port';
import { estimateWorstCaseUsd } from './domain/estimate-tokens';
import { parseModelJson, parseModelObject } from './domain/parse-model-json';
import { estimateCostUsd, priceTable, type ModelPrice } from './domain/pricing';
import { resolveCredential } from './domain/resolve-credential';
import type {
  AdapterRequest,
  LlmAdapter,
  LlmClient,
  LlmFailure,
  LlmRequest,
  LlmResult,
  LlmSuccess,
} from './llm.port';
import { OfflineAdapter } from './offline/offline.adapter';

/** Pino-compatible; the runtime logs outcomes and never a key. */
export interface LlmLogger {
  warn(context: object, message: string): void;
  info?(context: object, message: string): void;
}

export interface LlmRuntimeOptions {
  keyStore: LlmKeyStore;
  costGuard: CostGuard;
  /** The model paid calls use (MNEMO_LLM_MODEL). */
  model: string;
  /** The deployment's ANTHROPIC_API_KEY, the last link of the key chain. */
  deploymentKey?: string | null;
  /** Derived from MNEMO_SECRET_KEY; without it stored account keys cannot be read. */
  masterKey?: Buffer | null;
  createAdapter: (apiKey: string, model: string) => LlmAdapter;
  /** Prices laid over the built-in table (a model it does not know); an unknown model is priced as the dearest known one. */
  prices?: Readonly<Record<string, ModelPrice>>;
  offline?: LlmAdapter;
  /** Run on the offline adapter when no key resolves (a request can override). Default true. */
  offlineFallback?: boolean;
  /** When the cost guard cannot be reached, proceed anyway (fails open; docs/costs.md). Default true. */
  failOpen?: boolean;
  logger?: LlmLogger;
}

type AnyRequest = LlmRequest & { schema?: ZodType<unknown> };
type Credential = { apiKey: string; keyRef: string } | { failure: LlmFailure } | null;

/**
 * The LLM port's one implementation: resolve a key → reserve the worst case → call → commit the real
 * cost, or release on failure. With no key it runs the offline adapter at $0 and reserves nothing.
 */
export class LlmRuntime implements LlmClient {
  private readonly offline: LlmAdapter;
  private readonly prices: Readonly<Record<string, ModelPrice>>;

  constructor(private readonly options: LlmRuntimeOptions) {
    this.offline = options.offline ?? new OfflineAdapter();
    this.prices = priceTable(options.prices);
  }

  complete<T>(
    request: LlmRequest & { schema: ZodType<T>; json: { listKey: string } },
  ): Promise<LlmResult<T[]>>;
  complete<T>(request: LlmRequest & { schema: ZodType<T> }): Promise<LlmResult<T>>;
  complete(request: LlmRequest): Promise<LlmResult<undefined>>;
  async complete(request: AnyRequest): Promise<LlmResult<unknown>> {
    if (request.offlineOnly) return this.offlineCall(request);
    const credential = await this.credentialFor(request.account);
    if (credential && 'failure' in credential) return credential.failure;
    if (!credential) {
      if (request.offlineFallback ?? this.options.offlineFallback ?? true)
        return this.offlineCall(request);
      return failure(
        'no_credential',
        'no API key for this account and none for the deployment',
        this.options.model,
        'none',
      );
    }
    return this.paidCall(
      request,
      this.options.createAdapter(credential.apiKey, this.options.model),
      credential.keyRef,
    );
  }

  private async offlineCall(request: AnyRequest): Promise<LlmResult<unknown>> {
    const outcome = await this.offline.call(toAdapterRequest(request));
    if (!outcome.ok)
      return { ...outcome, model: this.offline.model, provider: this.offline.provider };
    return interpret(request, outcome.text, outcome.usage, 0, this.offline);
  }

  private async paidCall(
    request: AnyRequest,
    adapter: LlmAdapter,
    keyRef: string,
  ): Promise<LlmResult<unknown>> {
    const { account, label, pools } = request;
    const adapterRequest = toAdapterRequest(request);
    // The JSON instruction the adapter appends is billed input too: left out, the worst case could fall short of the bill.
    const inputChars =
      (request.system ?? '').length +
      (adapterRequest.json ? jsonInstruction(adapterRequest.json).length + 2 : 0) +
      request.messages.reduce((sum, m) => sum + m.content.length, 0);
    const worstCaseUsd = estimateWorstCaseUsd(
      adapter.model,
      inputChars,
      request.messages.length,
      request.maxOutputTokens,
      this.prices,
    );
    let reservationId: string | undefined;
    try {
      const reservation = await this.options.costGuard.reserve({
        account,
        pools,
        label,
        model: adapter.model,
        worstCaseUsd,
      });
      if (!reservation.granted) {
        const { spentUsd, capUsd, pool } = reservation;
        const message = `daily ${pool} cap of $${capUsd.toFixed(2)} reached ($${spentUsd.toFixed(4)} spent); retry after UTC midnight`;
        return {
          ...failure('cost_cap', message, adapter.model, adapter.provider),
          spentUsd,
          capUsd,
          pool,
        };
      }
      reservationId = reservation.reservationId;
    } catch (error) {
      if (error instanceof CostGuardBusyError)
        return failure('api_error', error.message, adapter.model, adapter.provider);
      if (!(this.options.failOpen ?? true))
        return failure(
          'api_error',
          'the cost ledger cannot be reached',
          adapter.model,
          adapter.provider,
        );
      this.options.logger?.warn(
        { account, label, err: errorName(error) },
        'cost guard unreachable: proceeding without a reservation',
      );
    }

    const outcome = await adapter.call(adapterRequest);
    if (!outcome.ok) {
      if (reservationId)
        await this.settle(
          () => this.options.costGuard.release(reservationId, outcome.failure),
          account,
          label,
        );
      this.options.logger?.warn(
        { account, label, key: keyRef, failure: outcome.failure, status: outcome.status },
        outcome.message,
      );
      return { ...outcome, model: adapter.model, provider: adapter.provider };
    }
    const costUsd = estimateCostUsd(
      adapter.model,
      outcome.usage.inputTokens,
      outcome.usage.outputTokens,
      this.prices,
    );
    const result = interpret(request, outcome.text, outcome.usage, costUsd, adapter);
    // An answer that failed its schema was still billed: committed, but recorded as invalid_output.
    const settled = result.ok ? 'ok' : 'invalid_output';
    if (reservationId)
      await this.settle(
        () =>
          this.options.costGuard.commit(reservationId, {
            ...outcome.usage,
            costUsd,
            outcome: settled,
          }),
        account,
        label,
      );
    return result;
  }

  private async credentialFor(account: string): Promise<Credential> {
    const model = this.options.model;
    let stored;
    try {
      stored = await this.options.keyStore.accountKey(account);
    } catch (error) {
      // Not a silent fall-through to the deployment key: that would bill someone else.
      this.options.logger?.warn({ account, err: errorName(error) }, 'LLM key store unreachable');
      return { failure: failure('api_error', 'the key store cannot be reached', model, 'none') };
    }
    const accountKeys = stored
      ? [
          {
            id: stored.id,
            active: true,
            createdAt: stored.createdAt,
            secret: stored.encryptedSecret,
          },
        ]
      : [];
    const resolved = resolveCredential({ accountKeys, deploymentKey: this.options.deploymentKey });
    if (!resolved) return null;
    if (resolved.source === 'deployment')
      return {
        apiKey: resolved.secret,
        keyRef: `deployment:${fingerprintSecret(resolved.secret)}`,
      };
    if (!this.options.masterKey) {
      return {
        failure: failure(
          'no_credential',
          'MNEMO_SECRET_KEY is not set, so stored keys cannot be read',
          model,
          'none',
        ),
      };
    }
    try {
      return {
        apiKey: decryptSecret(resolved.secret, this.options.masterKey),
        keyRef: `account:${resolved.keyId}`,
      };
    } catch (error) {
      this.options.logger?.warn(
        { account, keyId: resolved.keyId, err: errorName(error) },
        'stored LLM key cannot be decrypted',
      );
      return {
        failure: failure(
          'no_credential',
          'the stored key cannot be decrypted (was MNEMO_SECRET_KEY changed?)',
          model,
          'none',
        ),
      };
    }
  }

  /** A settle that fails must not fail the call: the ledger expires the reservation; we log what was lost. */
  private async settle(action: () => Promise<void>, account: string, label: string): Promise<void> {
    try {
      await action();
    } catch (error) {
      this.options.logger?.warn(
        { account, label, err: errorName(error) },
        'cost guard settle failed: the reservation will expire',
      );
    }
  }
}

/**
 * What leaves for a model is redacted here, the one place every call passes (docs/redaction.md: a prompt is a
 * write path too). Callers build prompts from redacted read models, so this is defence in depth: a
 * caller that quotes raw input, or a secret a person typed after ingest, still never reaches the
 * provider. Redaction is idempotent, so already-redacted text passes unchanged.
 */
function toAdapterRequest(request: AnyRequest): AdapterRequest {
  const { label, maxOutputTokens } = request;
  const clean = (text: string): string => redact(text).text;
  const system = request.system === undefined ? undefined : clean(request.system);
  const messages = request.messages.map((m) => ({ ...m, content: clean(m.content) }));
  const source =
    request.source === undefined
      ? undefined
      : typeof request.source === 'string'
        ? clean(request.source)
        : request.source.map(clean);
  const turns = request.turns?.map((turn) => ({ ...turn, text: clean(turn.text) }));
  // A schema without a json mode still wants JSON back.
  const json = request.json ?? (request.schema ? true : undefined);
  return {
    label,
    system,
    messages,
    maxOutputTokens,
    json,
    source,
    ...(turns ? { turns } : {}),
    ...(request.coding ? { coding: true } : {}),
  };
}

function failure(
  kind: LlmFailure['failure'],
  message: string,
  model: string,
  provider: LlmFailure['provider'],
): LlmFailure {
  return { ok: false, failure: kind, message, model, provider };
}

const errorName = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** Turns an answer into the caller's shape; an answer that fails its schema is `invalid_output` but was still paid for. */
function interpret(
  request: AnyRequest,
  text: string,
  usage: LlmSuccess<unknown>['usage'],
  costUsd: number,
  adapter: LlmAdapter,
): LlmResult<unknown> {
  const base = { text, usage, costUsd, model: adapter.model, provider: adapter.provider };
  if (!request.schema) return { ok: true, ...base, data: undefined, dropped: 0 };
  if (typeof request.json === 'object') {
    const parsed = parseModelJson(text, request.schema, request.json.listKey);
    if (parsed.ok) return { ok: true, ...base, data: parsed.items, dropped: parsed.dropped };
    return {
      ...failure('invalid_output', parsed.message, adapter.model, adapter.provider),
      usage,
      costUsd,
    };
  }
  const parsed = parseModelObject(text, request.schema);
  if (parsed.ok) return { ok: true, ...base, data: parsed.value, dropped: 0 };
  return {
    ...failure('invalid_output', parsed.message, adapter.model, adapter.provider),
    usage,
    costUsd,
  };
}
