import { itemAt } from '@mnemo/testing';
import type { EventEnvelope } from '@mnemo/contracts';
import type { EventLog, Logger } from '@mnemo/eventing';
import { telemetryEvent } from './context-effects';
import { TELEMETRY_LINGER_MS, TelemetryBatcher } from './telemetry-batcher';

describe('TelemetryBatcher', () => {
  let appended: EventEnvelope[][];
  let fail: boolean;
  const warnings: unknown[] = [];
  const log = {
    appendMany: async (_stream: string, events: EventEnvelope[]) => {
      if (fail) throw new Error('log down');
      appended.push(events);
      return events.map((_, seq) => ({ seq, duplicate: false }));
    },
  } as unknown as EventLog;
  const logger = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Logger;
  const built = (n: number) => telemetryEvent('acc', 'memory_context_built', { n }, `s-${n}`);

  beforeEach(() => {
    jest.useFakeTimers();
    appended = [];
    fail = false;
    warnings.length = 0;
  });
  afterEach(() => jest.useRealTimers());

  it('appends the events of the builds within the linger together, each build still its own event', async () => {
    const batcher = new TelemetryBatcher({ log, logger });
    for (let n = 0; n < 3; n += 1) batcher.record(built(n));
    expect(appended).toEqual([]);
    await jest.advanceTimersByTimeAsync(TELEMETRY_LINGER_MS);
    expect(appended).toHaveLength(1);
    expect(
      itemAt(appended, 0).map((event) => [
        event.type,
        event.sessionId,
        (event.payload as { metadata: unknown }).metadata,
      ]),
    ).toEqual([
      ['FeatureEventRecorded', 's-0', { n: 0 }],
      ['FeatureEventRecorded', 's-1', { n: 1 }],
      ['FeatureEventRecorded', 's-2', { n: 2 }],
    ]);
    batcher.record(built(3));
    await jest.advanceTimersByTimeAsync(TELEMETRY_LINGER_MS);
    expect(appended.map((batch) => batch.length)).toEqual([3, 1]);
  });

  it('appends what waits when flushed (at shutdown), without waiting for the linger', async () => {
    const batcher = new TelemetryBatcher({ log, logger });
    batcher.record(built(0));
    await batcher.flush();
    expect(appended.map((batch) => batch.length)).toEqual([1]);
    await jest.advanceTimersByTimeAsync(TELEMETRY_LINGER_MS);
    expect(appended.map((batch) => batch.length)).toEqual([1]);
  });

  it('logs a batch the log refused, and goes on with the next', async () => {
    const batcher = new TelemetryBatcher({ log, logger });
    fail = true;
    batcher.record(built(0));
    await batcher.flush();
    expect(warnings).toHaveLength(1);
    fail = false;
    batcher.record(built(1));
    await batcher.flush();
    expect(appended.map((batch) => batch.length)).toEqual([1]);
  });
});
