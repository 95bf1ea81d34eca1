import { z } from 'zod';
import { DependencyError, MnemoError, subjects, ValidationError } from '@mnemo/contracts';
import { InProcessEventLog } from './in-process/in-process-event-log';
import { requestFromService } from './service-request';
import type { Subscription } from './event-log.port';

describe('requestFromService', () => {
  const log = new InProcessEventLog({ dataDir: null });
  const subscriptions: Subscription[] = [];
  const Reply = z.object({ n: z.number() });
  const ask = (verb: string, body: unknown = {}) =>
    requestFromService(log, { service: 'svc', verb, body, reply: Reply, timeoutMs: 500 });
  const answer = async (verb: string, handler: (body: unknown) => Promise<unknown>) => {
    subscriptions.push(await log.reply(subjects.rpc('svc', verb), 'svc', handler));
  };

  afterAll(async () => {
    for (const subscription of subscriptions) await subscription.stop();
    await log.close();
  });

  it("answers the owner's reply, parsed by the contract", async () => {
    await answer('double', async (body) => ({
      n: (body as { n: number }).n * 2,
      extra: 'dropped',
    }));
    await expect(ask('double', { n: 21 })).resolves.toEqual({ n: 42 });
  });

  it('is a DependencyError when nobody answers, so a consumer retries', async () => {
    await expect(ask('nobody-home')).rejects.toBeInstanceOf(DependencyError);
  });

  it("is a DependencyError when the owner's read model lags", async () => {
    await answer('lagging', async () => {
      throw new DependencyError('sessions projection', 'has not reached log sequence 9 yet');
    });
    await expect(ask('lagging')).rejects.toBeInstanceOf(DependencyError);
  });

  it('keeps the code of any other refusal', async () => {
    await answer('refusing', async () => {
      throw new ValidationError('bad request', []);
    });
    const error = await ask('refusing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MnemoError);
    expect(error).not.toBeInstanceOf(DependencyError);
    expect((error as MnemoError).code).toBe('validation_failed');
  });

  it('refuses an answer that breaks the contract', async () => {
    await answer('odd', async () => ({ n: 'not a number' }));
    await expect(ask('odd')).rejects.toMatchObject({ code: 'invalid_reply' });
  });
});
