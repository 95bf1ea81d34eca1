import { randomUUID } from 'node:crypto';
import {
  DependencyError,
  InvalidEventError,
  ValidationError,
  type EventEnvelope,
  type StoredEvent,
} from '@mnemo/contracts';
import { runConsumer } from './consumer-runtime';
import { InProcessEventLog } from './in-process/in-process-event-log';
import { backoffMs, settlementFor } from './settlement';
import { itemAt, waitFor } from '@mnemo/testing';

const silent = { warn: () => undefined, error: () => undefined };
const probe = (n: number): EventEnvelope => ({
  id: randomUUID(),
  type: 'Probe',
  version: 1,
  accountId: 'acct',
  occurredAt: '2026-11-29T10:00:00.000Z',
  producer: 'spec',
  payload: { n },
});
const spec = {
  stream: 'events' as const,
  durable: 'runtime',
  filterSubject: 'mnemo.events.*.Probe',
  maxDeliver: 2,
  ackWaitMs: 30_000,
  batchSize: 10,
};

describe('settlementFor', () => {
  it('dead-letters bad input at once and anything else only after the last delivery', () => {
    expect(settlementFor(new ValidationError('bad'), 1, 5)).toEqual({ kind: 'dead' });
    expect(settlementFor(new InvalidEventError([]), 1, 5)).toEqual({ kind: 'dead' });
    expect(settlementFor(new Error('flaky'), 1, 5)).toEqual({ kind: 'retry', delayMs: 250 });
    expect(settlementFor(new Error('flaky'), 5, 5)).toEqual({ kind: 'dead' });
  });

  it('waits longer for a dependency that is down, growing to a cap', () => {
    expect(settlementFor(new DependencyError('db', 'down'), 1, 5)).toEqual({
      kind: 'retry',
      delayMs: 500,
    });
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([250, 500, 1000, 2000]);
    expect(backoffMs(50)).toBe(30_000);
  });
});

describe('runConsumer on the in-process log', () => {
  let log: InProcessEventLog;
  beforeEach(() => {
    log = new InProcessEventLog({ dataDir: null });
  });
  afterEach(() => log.close());

  it('isolates the bad event of a failed batch: the others are handled once and acked, it alone is retried then dead-lettered', async () => {
    const events = [probe(1), probe(2), probe(3)];
    const poison = itemAt(events, 1);
    const handledOk: string[] = [];
    const calls: number[] = [];
    await log.appendMany('events', events);
    const subscription = await runConsumer({
      log,
      service: 'svc',
      logger: silent,
      spec,
      handle: async (batch: StoredEvent[]) => {
        calls.push(batch.length);
        if (batch.some((s) => s.event.id === poison.id)) throw new Error('cannot handle this one');
        handledOk.push(...batch.map((s) => s.event.id));
      },
    });
    await waitFor(
      async () =>
        (await log.listDeadLetters('svc').then((stored) => stored.map((s) => s.letter))).length ===
          1 && (await log.pending('events', 'runtime')) === 0,
    );
    await subscription.stop();
    expect(calls[0]).toBe(3);
    expect(handledOk.sort()).toEqual([events[0]?.id, events[2]?.id].sort());
    const [letter] = await log.listDeadLetters('svc').then((stored) => stored.map((s) => s.letter));
    expect(letter).toMatchObject({
      service: 'svc',
      deliveryCount: 2,
      event: { id: poison.id },
      error: { code: 'internal', message: 'cannot handle this one' },
    });
  });

  it('dead-letters bad input on its first delivery, without a retry', async () => {
    const event = probe(1);
    let calls = 0;
    await log.append('events', event);
    const subscription = await runConsumer({
      log,
      service: 'svc',
      logger: silent,
      spec: { ...spec, maxDeliver: 5 },
      handle: async () => {
        calls += 1;
        throw new ValidationError('not a probe we understand');
      },
    });
    await waitFor(
      async () =>
        (await log.listDeadLetters('svc').then((stored) => stored.map((s) => s.letter))).length ===
        1,
    );
    await subscription.stop();
    expect(calls).toBe(1);
    await expect(
      log.listDeadLetters('svc').then((stored) => stored.map((s) => s.letter)),
    ).resolves.toMatchObject([{ deliveryCount: 1, error: { code: 'validation_failed' } }]);
    await expect(log.pending('events', 'runtime')).resolves.toBe(0);
  });
});
