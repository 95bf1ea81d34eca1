import { z } from 'zod';
import { findPlantedSecrets, SECRET_SAMPLES } from '@mnemo/redaction';
import { CostGuardBusyError, type CostGuard } from './cost-guard/cost-guard.port';
import { InMemoryCostGuard } from './cost-guard/in-memory-cost-guard';
import { InMemoryLlmKeyStore, type StoredLlmKey } from './credentials/llm-key-store.port';
import { deriveMasterKey, encryptSecret } from './credentials/secret-box';
import type { AdapterOutcome, AdapterRequest, LlmAdapter, LlmRequest } from './llm.port';
import { LlmRuntime, type LlmRuntimeOptions } from './llm-runtime';
import { BAKERY_TRANSCRIPT } from './offline/offline.fixtures';
import { itemAt } from '@mnemo/testing';

const master = deriveMasterKey('test-master');

/** Stands in for the provider: answers a scripted outcome and records which key it was built with. */
class StubAdapter implements LlmAdapter {
  readonly provider = 'anthropic' as const;
  readonly calls: AdapterRequest[] = [];
  constructor(
    readonly model: string,
    readonly apiKey: string,
    private readonly outcome: AdapterOutcome,
  ) {}
  async call(request: AdapterRequest): Promise<AdapterOutcome> {
    this.calls.push(request);
    return this.outcome;
  }
}

const request: LlmRequest = {
  account: 'acc-1',
  label: 'compaction',
  pools: ['compaction', 'session'],
  system: 'Summarize.',
  messages: [{ role: 'user', content: BAKERY_TRANSCRIPT }],
  maxOutputTokens: 1_024,
  source: BAKERY_TRANSCRIPT,
};

const ok: AdapterOutcome = {
  ok: true,
  text: 'A summary.',
  usage: { inputTokens: 2_000, outputTokens: 400 },
};

function setup(
  options: {
    outcome?: AdapterOutcome;
    keys?: StoredLlmKey[];
    guard?: CostGuard;
  } & Partial<LlmRuntimeOptions> = {},
) {
  const adapters: StubAdapter[] = [];
  const guard = options.guard ?? new InMemoryCostGuard();
  const runtime = new LlmRuntime({
    keyStore: new InMemoryLlmKeyStore({ 'acc-1': options.keys ?? [] }),
    costGuard: guard,
    model: 'claude-haiku-4-5',
    deploymentKey: 'sk-ant-deployment',
    masterKey: master,
    createAdapter: (apiKey, model) => {
      const adapter = new StubAdapter(model, apiKey, options.outcome ?? ok);
      adapters.push(adapter);
      return adapter;
    },
    ...options,
  });
  return { runtime, adapters, guard };
}

describe('LlmRuntime', () => {
  it('runs an offline-only request on the rules, even with a key, and spends nothing', async () => {
    const guard = new InMemoryCostGuard();
    const { runtime, adapters } = setup({ guard });
    await expect(runtime.complete({ ...request, offlineOnly: true })).resolves.toMatchObject({
      ok: true,
      costUsd: 0,
      provider: 'offline',
    });
    expect(adapters.flatMap((a) => a.calls)).toEqual([]);
    expect(guard.settled).toEqual([]);
  });

  it('commits the real cost from usage on success', async () => {
    const guard = new InMemoryCostGuard();
    const { runtime } = setup({ guard });
    await expect(runtime.complete(request)).resolves.toMatchObject({
      ok: true,
      text: 'A summary.',
      costUsd: 0.004,
      provider: 'anthropic',
    });
    expect(guard.settled).toEqual([
      expect.objectContaining({
        outcome: 'committed',
        actual: { inputTokens: 2_000, outputTokens: 400, costUsd: 0.004, outcome: 'ok' },
      }),
    ]);
    expect(guard.settled[0]?.request).toMatchObject({
      account: 'acc-1',
      label: 'compaction',
      pools: ['compaction', 'session'],
      model: 'claude-haiku-4-5',
    });
    expect(guard.settled[0]?.request.worstCaseUsd).toBeGreaterThan(0.004);
  });

  it('answers cost_cap without calling the model when the cap refuses', async () => {
    const guard = new InMemoryCostGuard({ capsUsd: { session: 0.001 } });
    const { runtime, adapters } = setup({ guard });
    const result = await runtime.complete(request);
    expect(result).toMatchObject({
      ok: false,
      failure: 'cost_cap',
      pool: 'session',
      capUsd: 0.001,
      spentUsd: 0,
    });
    expect(!result.ok && result.message).toMatch(/UTC midnight/);
    expect(adapters.flatMap((a) => a.calls)).toHaveLength(0);
  });

  it('releases the reservation when the call fails', async () => {
    const guard = new InMemoryCostGuard();
    const { runtime } = setup({
      guard,
      outcome: { ok: false, failure: 'rate_limited', message: 'slow down', status: 429 },
    });
    await expect(runtime.complete(request)).resolves.toMatchObject({
      ok: false,
      failure: 'rate_limited',
      status: 429,
    });
    expect(guard.settled.map((s) => [s.outcome, s.reason])).toEqual([['released', 'rate_limited']]);
    expect(guard.heldCount()).toBe(0);
  });

  it('tells the ledger an api_error release apart from a rate_limited one', async () => {
    const guard = new InMemoryCostGuard();
    const { runtime } = setup({
      guard,
      outcome: { ok: false, failure: 'api_error', message: 'overloaded', status: 529 },
    });
    await runtime.complete(request);
    expect(guard.settled.map((s) => [s.outcome, s.reason])).toEqual([['released', 'api_error']]);
  });

  it('commits a paid answer that failed its schema, marked invalid_output', async () => {
    const guard = new InMemoryCostGuard();
    const { runtime } = setup({
      guard,
      outcome: { ok: true, text: 'no json here', usage: { inputTokens: 100, outputTokens: 10 } },
    });
    const Fact = z.object({ content: z.string() });
    await expect(
      runtime.complete({
        ...request,
        label: 'memory',
        pools: ['session'],
        json: { listKey: 'facts' },
        schema: Fact,
      }),
    ).resolves.toMatchObject({
      ok: false,
      failure: 'invalid_output',
      costUsd: 0.00015,
    });
    expect(guard.settled).toEqual([
      expect.objectContaining({
        outcome: 'committed',
        actual: { inputTokens: 100, outputTokens: 10, costUsd: 0.00015, outcome: 'invalid_output' },
      }),
    ]);
  });

  it('reserves for the JSON instruction the adapter appends, since it is billed input', async () => {
    const plain = new InMemoryCostGuard();
    const json = new InMemoryCostGuard();
    const small = {
      ...request,
      system: undefined,
      messages: [{ role: 'user' as const, content: 'Hi.' }],
      maxOutputTokens: 10,
    };
    await setup({ guard: plain }).runtime.complete(small);
    await setup({ guard: json }).runtime.complete({ ...small, json: { listKey: 'facts' } });
    const worst = (guard: InMemoryCostGuard) => itemAt(guard.settled, 0).request.worstCaseUsd;
    // About 110 characters of instruction at three characters a token, at $1 per million input tokens.
    expect(worst(json) - worst(plain)).toBeGreaterThanOrEqual(0.000035);
  });

  it("uses the account's active key, decrypted, over the deployment key", async () => {
    const keys = [
      {
        id: 'k1',
        active: false,
        createdAt: '2024-01-01T00:00:00Z',
        encryptedSecret: encryptSecret('sk-ant-first', master),
      },
      {
        id: 'k2',
        active: true,
        createdAt: '2024-02-01T00:00:00Z',
        encryptedSecret: encryptSecret('sk-ant-active', master),
      },
    ];
    const { runtime, adapters } = setup({ keys });
    await runtime.complete(request);
    expect(adapters[0]?.apiKey).toBe('sk-ant-active');
  });

  it('answers no_credential when a stored key cannot be decrypted, without falling back', async () => {
    const keys = [
      {
        id: 'k1',
        active: true,
        createdAt: '2024-01-01T00:00:00Z',
        encryptedSecret: encryptSecret('sk-ant-x', deriveMasterKey('old')),
      },
    ];
    const { runtime, adapters } = setup({ keys });
    await expect(runtime.complete(request)).resolves.toMatchObject({
      ok: false,
      failure: 'no_credential',
    });
    expect(adapters).toHaveLength(0);
  });

  it('answers no_credential when no key resolves and offline fallback is off', async () => {
    const { runtime } = setup({ deploymentKey: null, offlineFallback: false });
    await expect(runtime.complete(request)).resolves.toMatchObject({
      ok: false,
      failure: 'no_credential',
      provider: 'none',
    });
  });

  it('runs offline at $0 with no reservation when no key resolves', async () => {
    const guard = new InMemoryCostGuard();
    const { runtime } = setup({ deploymentKey: null, guard });
    const result = await runtime.complete(request);
    expect(result).toMatchObject({
      ok: true,
      provider: 'offline',
      model: 'offline',
      costUsd: 0,
      usage: { inputTokens: 0, outputTokens: 0 },
    });
    expect(result.ok && result.text).toContain(
      'My wife thinks the bakery is a risk, but she supports me.',
    );
    expect(guard.settled).toHaveLength(0);
    expect(guard.heldCount()).toBe(0);
  });

  it('hands every adapter, offline too, a redacted system text, messages and source', async () => {
    const all = Object.values(SECRET_SAMPLES).join('\n');
    const offline = new StubAdapter('offline', '', ok);
    const { runtime, adapters } = setup({ offline });
    const dirty: LlmRequest = {
      ...request,
      system: `Keys: ${all}`,
      messages: [{ role: 'user', content: all }],
      source: [all, 'plain text'],
    };
    await runtime.complete(dirty);
    await setup({ deploymentKey: null, offline }).runtime.complete({ ...dirty, source: all });
    const sent = [...itemAt(adapters, 0).calls, ...offline.calls];
    expect(sent).toHaveLength(2);
    for (const call of sent)
      expect(findPlantedSecrets(JSON.stringify(call), SECRET_SAMPLES)).toEqual([]);
    expect(offline.calls[0]?.source).toEqual(expect.stringContaining('[REDACTED:'));
    // text with nothing secret in it is sent byte for byte
    expect(adapters[0]?.calls[0]?.source).toEqual([
      expect.stringContaining('[REDACTED:'),
      'plain text',
    ]);
  });

  it('extracts validated facts offline through the same parser', async () => {
    const Fact = z.object({
      factType: z.enum(['goal', 'decision']),
      content: z.string(),
      confidence: z.enum(['high', 'medium', 'low']),
    });
    const { runtime } = setup({ deploymentKey: null });
    const result = await runtime.complete({
      ...request,
      label: 'memory',
      pools: ['session'],
      json: { listKey: 'facts' },
      schema: Fact,
    });
    if (!result.ok) throw new Error(result.message);
    // The schema admits two of the offline fact types; the rest are dropped and counted.
    expect(result.data.map((f) => f.factType)).toEqual(['goal', 'decision', 'goal']);
    expect(result.dropped).toBe(5);
  });

  it('a request can refuse the offline fallback', async () => {
    const { runtime } = setup({ deploymentKey: null });
    await expect(runtime.complete({ ...request, offlineFallback: false })).resolves.toMatchObject({
      ok: false,
      failure: 'no_credential',
    });
  });

  const unreachable: CostGuard = {
    reserve: () => Promise.reject(new Error('ledger down')),
    commit: () => Promise.reject(new Error('ledger down')),
    release: () => Promise.reject(new Error('ledger down')),
  };

  it('fails open when the cost guard cannot be reached, and says so in the log', async () => {
    const warnings: string[] = [];
    const { runtime } = setup({
      guard: unreachable,
      logger: { warn: (_ctx, message) => warnings.push(message) },
    });
    await expect(runtime.complete(request)).resolves.toMatchObject({ ok: true });
    expect(warnings).toEqual(['cost guard unreachable: proceeding without a reservation']);
  });

  it('never calls the provider when the ledger was reached but answered too late, even failing open', async () => {
    const busy: CostGuard = {
      ...unreachable,
      reserve: () =>
        Promise.reject(new CostGuardBusyError('the cost ledger did not answer in time')),
    };
    const { runtime, adapters } = setup({ guard: busy });
    await expect(runtime.complete(request)).resolves.toMatchObject({
      ok: false,
      failure: 'api_error',
      message: 'the cost ledger did not answer in time',
    });
    expect(adapters.flatMap((a) => a.calls)).toHaveLength(0);
  });

  it('fails closed when configured to', async () => {
    const { runtime, adapters } = setup({ guard: unreachable, failOpen: false });
    await expect(runtime.complete(request)).resolves.toMatchObject({
      ok: false,
      failure: 'api_error',
    });
    expect(adapters.flatMap((a) => a.calls)).toHaveLength(0);
  });

  it('answers api_error when the key store is down rather than billing the deployment', async () => {
    const { runtime, adapters } = setup({
      keyStore: { accountKey: () => Promise.reject(new Error('db down')) },
    });
    await expect(runtime.complete(request)).resolves.toMatchObject({
      ok: false,
      failure: 'api_error',
    });
    expect(adapters).toHaveLength(0);
  });

  it('never logs a key', async () => {
    const logged: string[] = [];
    const keys = [
      {
        id: 'k1',
        active: true,
        createdAt: '2024-01-01T00:00:00Z',
        encryptedSecret: encryptSecret('sk-ant-very-secret', master),
      },
    ];
    const { runtime } = setup({
      keys,
      outcome: { ok: false, failure: 'api_error', message: 'bad' },
      logger: { warn: (ctx, msg) => logged.push(JSON.stringify(ctx) + msg) },
    });
    await runtime.complete(request);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain('sk-ant-very-secret');
  });
});
