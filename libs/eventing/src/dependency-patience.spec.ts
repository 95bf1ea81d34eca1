import { randomUUID } from 'node:crypto';
import { DependencyError, type EventEnvelope } from '@mnemo/contracts';
import { runConsumer } from './consumer-runtime';
import { InProcessEventLog } from './in-process/in-process-event-log';
import { isOutage } from './dependency-patience';
import { waitFor } from '@mnemo/testing';

const silent = { warn: () => undefined, error: () => undefined };
const probe = (): EventEnvelope => ({
  id: randomUUID(),
  type: 'Probe',
  version: 1,
  accountId: 'acct',
  occurredAt: '2026-11-29T10:00:00.000Z',
  producer: 'spec',
  payload: {},
});
const spec = {
  stream: 'events' as const,
  durable: 'patient',
  filterSubject: 'mnemo.events.*.Probe',
  maxDeliver: 2,
  ackWaitMs: 30_000,
  batchSize: 10,
};
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('a dependency outage is waited out, not spent on deliveries', () => {
  it('tells an outage (a lost connection, a DependencyError) from a handler failure', () => {
    expect(isOutage(refused())).toBe(true);
    expect(
      isOutage(
        Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        }),
      ),
    ).toBe(true);
    expect(
      isOutage({
        name: 'QueryFailedError',
        message: 'x',
        driverError: { code: '08006', message: 'connection failure' },
      }),
    ).toBe(true);
    expect(isOutage(new DependencyError('cache', 'Redis did not answer'))).toBe(true);
    expect(isOutage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    expect(
      isOutage(
        Object.assign(new Error('duplicate key value violates unique constraint'), {
          code: '23505',
        }),
      ),
    ).toBe(false);
  });

  it('handles an event after more failed attempts than its deliveries allow, on its first delivery, and dead-letters nothing', async () => {
    const log = new InProcessEventLog({ dataDir: null });
    const attempts: number[] = [];
    let failures = 4; // twice maxDeliver: a nak per attempt would have dead-lettered it
    const sub = await runConsumer({
      log,
      service: 'svc',
      spec,
      logger: silent,
      handle: async () => {
        attempts.push(attempts.length + 1);
        if (failures-- > 0) throw refused();
      },
    });
    const event = probe();
    await log.append('events', event);
    await waitFor(
      async () => (await log.pending('events', 'patient')) === 0 && attempts.length === 5,
    );
    await sub.stop();
    expect(await log.listDeadLetters('svc')).toEqual([]);
    await log.close();
  });
});
