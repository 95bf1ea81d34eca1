import { parseLlmConfig } from './llm.config';

describe('parseLlmConfig', () => {
  it('defaults to a Haiku model, offline fallback and a fail-open ledger', () => {
    expect(parseLlmConfig({})).toEqual({
      model: 'claude-haiku-4-5',
      price: null,
      timeoutMs: 60_000,
      maxRetries: 2,
      offlineFallback: true,
      failOpen: true,
      deploymentKey: null,
      secretKey: null,
    });
  });

  it('reads every variable', () => {
    expect(
      parseLlmConfig({
        MNEMO_LLM_MODEL: 'claude-sonnet-4-5',
        MNEMO_LLM_TIMEOUT_MS: '5000',
        MNEMO_LLM_MAX_RETRIES: '0',
        MNEMO_LLM_OFFLINE_FALLBACK: 'false',
        MNEMO_COST_GUARD_FAIL_OPEN: '0',
        ANTHROPIC_API_KEY: ' sk-ant-x ',
        MNEMO_SECRET_KEY: 'pass',
        MNEMO_LLM_PRICE_INPUT_PER_MTOK: '2',
        MNEMO_LLM_PRICE_OUTPUT_PER_MTOK: '10.5',
      }),
    ).toEqual({
      model: 'claude-sonnet-4-5',
      price: { inputPerMTok: 2, outputPerMTok: 10.5 },
      timeoutMs: 5000,
      maxRetries: 0,
      offlineFallback: false,
      failOpen: false,
      deploymentKey: 'sk-ant-x',
      secretKey: 'pass',
    });
  });

  it('refuses half a price', () => {
    expect(() => parseLlmConfig({ MNEMO_LLM_PRICE_INPUT_PER_MTOK: '2' })).toThrow(/or neither/);
  });

  it('refuses a malformed number', () => {
    expect(() => parseLlmConfig({ MNEMO_LLM_TIMEOUT_MS: 'soon' })).toThrow();
  });
});
