import Anthropic from '@anthropic-ai/sdk';
import type { AdapterOutcome, AdapterRequest, LlmAdapter } from '../llm.port';
import { jsonInstruction } from './json-instruction';

export const DEFAULT_ANTHROPIC_MODEL = 'claude-haiku-4-5';

export interface AnthropicAdapterOptions {
  apiKey: string;
  model?: string;
  /** Defaults to the SDK's own ANTHROPIC_BASE_URL, so any Messages-API-compatible server works. */
  baseURL?: string;
  timeoutMs?: number;
  /** Retries on 408/409/429/5xx and connection errors, with the SDK's exponential backoff and retry-after. */
  maxRetries?: number;
}

/** Anthropic's Messages API through the official SDK. One instance per API key. */
export class AnthropicAdapter implements LlmAdapter {
  readonly provider = 'anthropic' as const;
  readonly model: string;
  private readonly client: Anthropic;

  constructor(options: AnthropicAdapterOptions) {
    this.model = options.model ?? DEFAULT_ANTHROPIC_MODEL;
    this.client = new Anthropic({
      apiKey: options.apiKey,
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
      timeout: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
      // The SDK logs request details at debug; keep it at warn so nothing near a key is ever printed.
      logLevel: 'warn',
    });
  }

  async call(request: AdapterRequest): Promise<AdapterOutcome> {
    const system = [request.system, request.json ? jsonInstruction(request.json) : undefined]
      .filter(Boolean)
      .join('\n\n');
    try {
      const message = await this.client.messages.create({
        model: this.model,
        max_tokens: request.maxOutputTokens,
        ...(system ? { system } : {}),
        messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      });
      const content: unknown = message?.content;
      if (!Array.isArray(content) || typeof message.usage?.input_tokens !== 'number') {
        return {
          ok: false,
          failure: 'api_error',
          message: 'the provider answered without content or usage',
        };
      }
      const text = content
        .flatMap((block: { type?: string; text?: string }) =>
          block.type === 'text' && block.text ? [block.text] : [],
        )
        .join('');
      return {
        ok: true,
        text,
        usage: {
          inputTokens: message.usage.input_tokens,
          outputTokens: message.usage.output_tokens ?? 0,
        },
      };
    } catch (error) {
      return mapAnthropicError(error);
    }
  }
}

/** The SDK has already retried by the time an error reaches us: this is the final word. */
export function mapAnthropicError(error: unknown): Extract<AdapterOutcome, { ok: false }> {
  if (error instanceof Anthropic.RateLimitError) {
    const retryAfter = Number(error.headers?.get('retry-after'));
    return {
      ok: false,
      failure: 'rate_limited',
      status: 429,
      message: 'the provider is rate limiting this key',
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
    };
  }
  if (error instanceof Anthropic.APIConnectionTimeoutError)
    return { ok: false, failure: 'api_error', message: 'the provider did not answer in time' };
  if (error instanceof Anthropic.APIConnectionError)
    return { ok: false, failure: 'api_error', message: 'the provider could not be reached' };
  if (error instanceof Anthropic.APIError) {
    // The provider's error text names the problem (bad model, overloaded); it never echoes the key.
    const detail = (error.error as { error?: { message?: string } } | undefined)?.error?.message;
    return {
      ok: false,
      failure: 'api_error',
      status: error.status,
      message: `the provider answered ${error.status ?? 'an error'}${detail ? `: ${detail}` : ''}`,
    };
  }
  // A body that is not JSON surfaces as a SyntaxError from the SDK's parser.
  const kind = error instanceof SyntaxError ? 'an unreadable body' : 'an unexpected error';
  return { ok: false, failure: 'api_error', message: `the provider sent ${kind}` };
}
