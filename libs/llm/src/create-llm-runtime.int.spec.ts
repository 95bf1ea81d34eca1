import { startFakeAnthropic, textReply, type FakeAnthropic } from '@mnemo/testing';
import { InMemoryCostGuard } from './cost-guard/in-memory-cost-guard';
import { InMemoryLlmKeyStore } from './credentials/llm-key-store.port';
import { createLlmRuntime } from './create-llm-runtime';
import { parseLlmConfig } from './llm.config';
import type { LlmRequest } from './llm.port';

const request: LlmRequest = {
  account: 'acc-config',
  label: 'profile',
  pools: ['profile'],
  messages: [{ role: 'user', content: 'Synthesize a profile.' }],
  maxOutputTokens: 100,
};

/** The runtime as the platform builds it: from environment variables, passed in (not read from process.env). */
describe('createLlmRuntime from configuration (real SDK, fake Messages API)', () => {
  let fake: FakeAnthropic;
  beforeEach(async () => {
    fake = await startFakeAnthropic();
  });
  afterEach(() => fake.close());

  const runtime = (
    env: Record<string, string>,
    guard = new InMemoryCostGuard(),
    warnings: string[] = [],
  ) =>
    createLlmRuntime(
      parseLlmConfig({ ANTHROPIC_API_KEY: 'sk-ant-deployment-config-test', ...env }),
      {
        keyStore: new InMemoryLlmKeyStore(),
        costGuard: guard,
        baseURL: fake.url,
        logger: { warn: (_context, message) => warnings.push(message) },
      },
    );

  it('calls the model MNEMO_LLM_MODEL names and prices it from the table', async () => {
    fake.script(textReply('A profile.', { inputTokens: 1_000, outputTokens: 200 }));
    const guard = new InMemoryCostGuard();
    const result = await runtime({ MNEMO_LLM_MODEL: 'claude-opus-4-1-20250805' }, guard).complete(
      request,
    );
    expect(result).toMatchObject({
      ok: true,
      model: 'claude-opus-4-1-20250805',
      provider: 'anthropic',
    });
    // Opus 4.1: $15 in, $75 out per million tokens.
    expect(result.ok && result.costUsd).toBe(0.03);
    expect(fake.requests[0]?.body).toMatchObject({
      model: 'claude-opus-4-1-20250805',
      max_tokens: 100,
    });
    expect(guard.settled[0]?.request.model).toBe('claude-opus-4-1-20250805');
  });

  it('prices a model the table does not know from MNEMO_LLM_PRICE_*, for the reservation and the bill', async () => {
    fake.script(textReply('A profile.', { inputTokens: 1_000, outputTokens: 200 }));
    const guard = new InMemoryCostGuard();
    const warnings: string[] = [];
    const env = {
      MNEMO_LLM_MODEL: 'claude-haiku-5-5',
      MNEMO_LLM_PRICE_INPUT_PER_MTOK: '3',
      MNEMO_LLM_PRICE_OUTPUT_PER_MTOK: '15',
    };
    const result = await runtime(env, guard, warnings).complete(request);
    expect(result.ok && result.costUsd).toBe(0.006);
    // Worst case: the whole output allowance at $15 per million, plus the input.
    expect(guard.settled[0]?.request.worstCaseUsd).toBeGreaterThan(0.0015);
    expect(guard.settled[0]?.request.worstCaseUsd).toBeLessThan(0.002);
    expect(warnings).toEqual([]);
  });

  it('warns once at start when the model is neither in the table nor priced, and prices it high rather than low', async () => {
    fake.script(textReply('A profile.', { inputTokens: 1_000, outputTokens: 200 }));
    const warnings: string[] = [];
    const llm = runtime({ MNEMO_LLM_MODEL: 'claude-haiku-5-5' }, new InMemoryCostGuard(), warnings);
    expect(warnings).toEqual([expect.stringContaining('not in the price table')]);
    const result = await llm.complete(request);
    expect(result.ok && result.costUsd).toBe(0.03);
  });

  it('uses a Haiku model when none is configured', async () => {
    await runtime({}).complete(request);
    expect(fake.requests[0]?.body).toMatchObject({ model: expect.stringMatching(/^claude-haiku/) });
  });

  it('retries as often as MNEMO_LLM_MAX_RETRIES says, then answers rate_limited', async () => {
    fake.script(
      ...Array.from({ length: 5 }, () => ({
        kind: 'status' as const,
        status: 429,
        retryAfterMs: 5,
      })),
    );
    await expect(runtime({ MNEMO_LLM_MAX_RETRIES: '1' }).complete(request)).resolves.toMatchObject({
      ok: false,
      failure: 'rate_limited',
    });
    expect(fake.requests).toHaveLength(2);
  });

  it('runs offline, labelled so, when no key is configured at all', async () => {
    const offline = createLlmRuntime(parseLlmConfig({}), {
      keyStore: new InMemoryLlmKeyStore(),
      costGuard: new InMemoryCostGuard(),
      baseURL: fake.url,
    });
    await expect(
      offline.complete({ ...request, source: ['I value honesty.', 'I value honesty at work.'] }),
    ).resolves.toMatchObject({
      ok: true,
      provider: 'offline',
      model: 'offline',
      costUsd: 0,
    });
    expect(fake.requests).toHaveLength(0);
  });
});
