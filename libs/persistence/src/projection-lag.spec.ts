import { randomUUID } from 'node:crypto';
import { InProcessEventLog, metricsRegistry } from '@mnemo/eventing';
import type { EventType } from '@mnemo/contracts';
import type { Projection } from './projection';
import { registerProjectionLag } from './projection-lag';

const projection = (name: string): Projection => ({
  name,
  // a type no service writes, so nothing else in the log is pending for it
  handles: ['Probe' as EventType],
  tables: [],
  migrations: [],
  apply: async () => undefined,
});
const probe = () => ({
  id: randomUUID(),
  type: 'Probe',
  version: 1,
  accountId: 'acct',
  occurredAt: '2026-11-29T10:00:00.000Z',
  producer: 'spec',
  payload: {},
});
const lagLines = async () =>
  (await metricsRegistry.getSingleMetricAsString('mnemo_projection_lag_events'))
    .split('\n')
    .filter((line) => !line.startsWith('#'));

describe('projection lag gauge', () => {
  const logs: InProcessEventLog[] = [];
  afterAll(async () => {
    for (const log of logs) await log.close();
  });

  async function logWithBacklog(durable: string, events: number): Promise<InProcessEventLog> {
    const log = new InProcessEventLog({ dataDir: null });
    logs.push(log);
    const subscription = await log.consume(
      {
        stream: 'events',
        durable,
        filterSubject: 'mnemo.events.*.Probe',
        maxDeliver: 5,
        ackWaitMs: 30_000,
        batchSize: 10,
      },
      async () => undefined,
    );
    await subscription.stop();
    await log.appendMany('events', Array.from({ length: events }, probe));
    return log;
  }

  it('reports each projection pending count from the log of the latest start, and only its projections', async () => {
    registerProjectionLag(await logWithBacklog('projection-first', 2), [projection('first')]);
    expect(await lagLines()).toEqual(['mnemo_projection_lag_events{projection="first"} 2']);

    registerProjectionLag(await logWithBacklog('projection-second', 3), [
      projection('second'),
      projection('missing'),
    ]);
    expect(await lagLines()).toEqual([
      'mnemo_projection_lag_events{projection="second"} 3',
      'mnemo_projection_lag_events{projection="missing"} Nan',
    ]);
    expect(
      (await metricsRegistry.getMetricsAsJSON()).filter(
        (m) => m.name === 'mnemo_projection_lag_events',
      ),
    ).toHaveLength(1);
  });
});
