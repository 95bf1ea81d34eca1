import { reactionId, type StoredEvent } from '@mnemo/contracts';
import { InProcessEventLog } from '@mnemo/eventing';
import type { LlmFailure, LlmResult, LlmSuccess } from './llm.port';
import { capReached, paidCall, publishReaction } from './paid-reaction';

const answered: LlmSuccess<undefined> = {
  ok: true,
  text: 'a summary',
  data: undefined,
  dropped: 0,
  usage: { inputTokens: 10, outputTokens: 4 },
  costUsd: 0,
  model: 'offline',
  provider: 'offline',
};
const capped: LlmFailure = {
  ok: false,
  failure: 'cost_cap',
  message: 'daily session cap reached',
  model: 'm',
  provider: 'anthropic',
  spentUsd: 0.35,
  capUsd: 0.35,
  pool: 'session',
};
const paths = {
  answered: (a: LlmSuccess<undefined>) => `answered: ${a.text}`,
  failed: (f: { failure: string }) => `failed: ${f.failure}`,
};

describe('paidCall', () => {
  it('hands an answer to the answered path', async () => {
    await expect(paidCall(Promise.resolve(answered), paths)).resolves.toBe('answered: a summary');
  });

  it('hands a failure the port reported to the failed path', async () => {
    const call: Promise<LlmResult<undefined>> = Promise.resolve(capped);
    await expect(paidCall(call, paths)).resolves.toBe('failed: cost_cap');
  });

  it('hands a thrown call to the failed path as an api_error, after onThrow', async () => {
    const heard: unknown[] = [];
    const call: Promise<LlmResult<undefined>> = Promise.reject(new Error('socket hang up'));
    await expect(paidCall(call, { ...paths, onThrow: (e) => heard.push(e) })).resolves.toBe(
      'failed: api_error',
    );
    expect(heard).toHaveLength(1);
  });
});

describe('capReached', () => {
  it('reads what a capped call spent against its cap, and nulls for any other failure', () => {
    expect(capReached(capped)).toEqual({ spentUsd: 0.35, capUsd: 0.35 });
    expect(capReached({ ok: false, failure: 'api_error', message: 'gone' })).toEqual({
      spentUsd: null,
      capUsd: null,
    });
  });
});

describe('publishReaction', () => {
  const cause = { id: '3f1e6f8a-6c1b-4d7e-9a2f-1b2c3d4e5f60', sessionId: 's-1' };

  it('writes the drafts as the producer’s events named by the cause, once however often', async () => {
    const log = new InProcessEventLog({ dataDir: null });
    const drafts = [
      {
        type: 'FeatureEventRecorded' as const,
        role: 'telemetry',
        payload: { name: 'insight', action: 'insight_detection_failed', metadata: {} },
      },
    ];
    const by = { producer: 'insight', accountId: 'acct-1' };
    const seq = await publishReaction(log, cause, drafts, by);
    await publishReaction(log, cause, drafts, by);
    const stored: StoredEvent[] = [];
    for await (const batch of log.read('events', 1)) stored.push(...batch);
    await log.close();
    expect(seq).toBe(1);
    expect(stored.map((s) => s.event)).toEqual([
      expect.objectContaining({
        id: reactionId(cause.id, 'insight:telemetry'),
        producer: 'insight',
        accountId: 'acct-1',
        sessionId: 's-1',
        causationId: cause.id,
        correlationId: cause.id,
      }),
    ]);
  });

  it('writes nothing and answers null for no drafts', async () => {
    const log = new InProcessEventLog({ dataDir: null });
    await expect(publishReaction(log, cause, [], { producer: 'p', accountId: 'a' })).resolves.toBe(
      null,
    );
    await expect(log.lastSeq('events')).resolves.toBe(0);
    await log.close();
  });
});
