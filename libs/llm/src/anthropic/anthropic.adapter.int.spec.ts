import { findPlantedSecrets, sampleSecrets } from '@mnemo/redaction';
import { itemAt, startFakeAnthropic, textReply, type FakeAnthropic } from '@mnemo/testing';
import { z } from 'zod';
import { InMemoryCostGuard } from '../cost-guard/in-memory-cost-guard';
import { InMemoryLlmKeyStore } from '../credentials/llm-key-store.port';
import type { LlmRequest } from '../llm.port';
import { LlmRuntime } from '../llm-runtime';
import { AnthropicAdapter, type AnthropicAdapterOptions } from './anthropic.adapter';

const Fact = z.object({
  factType: z.enum(['goal', 'value', 'decision']),
  content: z.string().min(1),
  confidence: z.enum(['high', 'medium', 'low']),
});
const DEPLOYMENT_KEY = 'sk-ant-api03-deployment-key-for-tests';

const summaryRequest: LlmRequest = {
  account: 'acc-int',
  label: 'compaction',
  pools: ['compaction', 'session'],
  system: 'Summarize the conversation.',
  messages: [{ role: 'user', content: 'User: I want to open a bakery.' }],
  maxOutputTokens: 1_024,
};

describe('AnthropicAdapter against a fake Messages API (real SDK, real HTTP)', () => {
  let fake: FakeAnthropic;
  let guard: InMemoryCostGuard;
  beforeEach(async () => {
    fake = await startFakeAnthropic();
    guard = new InMemoryCostGuard();
  });
  afterEach(() => fake.close());

  const runtime = (adapter: Partial<AnthropicAdapterOptions> = {}) =>
    new LlmRuntime({
      keyStore: new InMemoryLlmKeyStore(),
      costGuard: guard,
      model: 'claude-haiku-4-5',
      deploymentKey: DEPLOYMENT_KEY,
      createAdapter: (apiKey, model) =>
        new AnthropicAdapter({
          apiKey,
          model,
          baseURL: fake.url,
          timeoutMs: 5_000,
          maxRetries: 2,
          ...adapter,
        }),
    });

  it('returns the text with its usage and dollar cost, and commits that cost', async () => {
    fake.script(
      textReply('They want to open a bakery.', { inputTokens: 1_200, outputTokens: 300 }),
    );
    const result = await runtime().complete(summaryRequest);
    expect(result).toEqual({
      ok: true,
      text: 'They want to open a bakery.',
      data: undefined,
      dropped: 0,
      usage: { inputTokens: 1_200, outputTokens: 300 },
      costUsd: 0.0027,
      model: 'claude-haiku-4-5',
      provider: 'anthropic',
    });
    expect(fake.requests).toHaveLength(1);
    // This SDK version sends the key as a bearer token; older ones used x-api-key.
    const { authorization, 'x-api-key': apiKey } = itemAt(fake.requests, 0).headers;
    expect([authorization, apiKey]).toContain(
      apiKey === undefined ? `Bearer ${DEPLOYMENT_KEY}` : DEPLOYMENT_KEY,
    );
    expect(fake.requests[0]?.body).toMatchObject({
      model: 'claude-haiku-4-5',
      max_tokens: 1_024,
      system: 'Summarize the conversation.',
      messages: [{ role: 'user', content: 'User: I want to open a bakery.' }],
    });
    expect(guard.spentUsd('acc-int', 'session')).toBe(0.0027);
    expect(guard.spentUsd('acc-int', 'compaction')).toBe(0.0027);
  });

  it('sends the provider a prompt with no secret of any family in the system text or the messages', async () => {
    const secrets = sampleSecrets('llm-prompt');
    const all = Object.values(secrets).join('\n');
    fake.script(textReply('Noted.'));
    const result = await runtime().complete({
      ...summaryRequest,
      system: `Summarize. Context:\n${all}`,
      messages: [
        { role: 'user', content: `My keys:\n${all}` },
        { role: 'assistant', content: `Stored ${secrets.github_token}` },
        { role: 'user', content: 'Thanks, that is all.' },
      ],
    });
    expect(result).toMatchObject({ ok: true, text: 'Noted.' });
    const wire = JSON.stringify(fake.requests[0]?.body);
    expect(wire).toContain('[REDACTED:');
    expect(findPlantedSecrets(wire, secrets)).toEqual([]);
    expect(fake.requests[0]?.body).toMatchObject({
      messages: [
        { role: 'user' },
        { role: 'assistant' },
        { role: 'user', content: 'Thanks, that is all.' },
      ],
    });
  });

  it('makes no HTTP call when the cost cap refuses', async () => {
    guard = new InMemoryCostGuard({ capsUsd: { compaction: 0.0001 } });
    await expect(runtime().complete(summaryRequest)).resolves.toMatchObject({
      ok: false,
      failure: 'cost_cap',
      pool: 'compaction',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('keeps the good items of a JSON list and drops the bad one', async () => {
    const facts = [
      { factType: 'goal', content: 'Open a bakery.', confidence: 'high' },
      { factType: 'mood', content: 'Tired.', confidence: 'high' },
      { factType: 'value', content: 'Family first.', confidence: 'medium' },
    ];
    fake.script(textReply('```json\n' + JSON.stringify({ facts }) + '\n```'));
    const result = await runtime().complete({
      ...summaryRequest,
      label: 'memory',
      pools: ['session'],
      json: { listKey: 'facts' },
      schema: Fact,
    });
    expect(result).toMatchObject({ ok: true, data: [facts[0], facts[2]], dropped: 1 });
    expect((fake.requests[0]?.body as { system: string }).system).toContain('{"facts": [ ... ]}');
  });

  it('retries a 429 and succeeds', async () => {
    fake.script({ kind: 'status', status: 429, retryAfterMs: 10 }, textReply('after the wait'));
    await expect(runtime().complete(summaryRequest)).resolves.toMatchObject({
      ok: true,
      text: 'after the wait',
    });
    expect(fake.requests).toHaveLength(2);
  });

  it('answers rate_limited when 429s outlast the retries, and releases the reservation', async () => {
    fake.script(
      ...Array.from({ length: 3 }, () => ({
        kind: 'status' as const,
        status: 429,
        retryAfterMs: 10,
      })),
    );
    await expect(runtime().complete(summaryRequest)).resolves.toMatchObject({
      ok: false,
      failure: 'rate_limited',
      status: 429,
    });
    expect(fake.requests).toHaveLength(3);
    expect(guard.settled.map((s) => [s.outcome, s.reason])).toEqual([['released', 'rate_limited']]);
  });

  it('answers api_error for a persistent 500 after retrying', async () => {
    fake.script(
      ...Array.from({ length: 3 }, () => ({
        kind: 'status' as const,
        status: 500,
        retryAfterMs: 10,
        message: 'boom',
      })),
    );
    const result = await runtime().complete(summaryRequest);
    expect(result).toMatchObject({
      ok: false,
      failure: 'api_error',
      status: 500,
      provider: 'anthropic',
    });
    expect(!result.ok && result.message).toContain('boom');
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a 401 and never echoes the key', async () => {
    fake.script({ kind: 'status', status: 401, message: 'invalid x-api-key' });
    const result = await runtime().complete(summaryRequest);
    expect(result).toMatchObject({ ok: false, failure: 'api_error', status: 401 });
    expect(JSON.stringify(result)).not.toContain(DEPLOYMENT_KEY);
    expect(fake.requests).toHaveLength(1);
  });

  it('answers api_error when the answer is slower than the timeout', async () => {
    // Had the timeout not fired, the late answer would arrive and the call would succeed with 'too late'.
    fake.script({ ...textReply('too late'), delayMs: 3_000 });
    const result = await runtime({ timeoutMs: 200, maxRetries: 0 }).complete(summaryRequest);
    expect(result).toMatchObject({
      ok: false,
      failure: 'api_error',
      message: 'the provider did not answer in time',
    });
  });

  it('answers api_error for a malformed response body', async () => {
    fake.script({ kind: 'malformed' });
    await expect(runtime().complete(summaryRequest)).resolves.toMatchObject({
      ok: false,
      failure: 'api_error',
    });
    expect(guard.settled.map((s) => s.outcome)).toEqual(['released']);
  });

  it('answers invalid_output for a reply that is not the JSON asked for, still counting its cost', async () => {
    fake.script(textReply('Sorry, I cannot do that {', { inputTokens: 100, outputTokens: 20 }));
    const result = await runtime().complete({
      ...summaryRequest,
      label: 'memory',
      json: { listKey: 'facts' },
      schema: Fact,
    });
    expect(result).toMatchObject({
      ok: false,
      failure: 'invalid_output',
      usage: { inputTokens: 100, outputTokens: 20 },
      costUsd: 0.0002,
    });
    expect(guard.settled.map((s) => [s.outcome, s.actual?.outcome])).toEqual([
      ['committed', 'invalid_output'],
    ]);
  });
});
