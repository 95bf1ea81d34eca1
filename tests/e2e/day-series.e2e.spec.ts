import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { checksumProjection, replayProjection, waitForCheckpoint } from '@mnemo/persistence';
import { memoryProjection } from '@mnemo/memory-service';
import { startHarness, type Harness } from '../support/platform-harness';
import { eventually } from '../support/servers';
import { personOverMcp } from '../support/person-over-mcp';

type Driver = Awaited<ReturnType<typeof personOverMcp>>;
const DAYS = ['01', '02', '03', '04', '05', '06', '07'].map((d) => `2026-11-${d}`);

/**
 * The person's own numbers (docs/day-series.md): measurements in by batch or as events, a day series
 * per metric with a robust baseline, and a plan measured by it: its progress line reads daily totals in
 * the plan's unit, and the briefing is two lines at most.
 */
describe('the day series and plans that measure progress', () => {
  let harness: Harness;
  let mcp: Client;
  let auth: Driver['auth'];
  let get: Driver['get'];
  let say: Driver['say'];
  let next: Driver['next'];
  const post = (url: string, body: object) => harness.http().post(url).set(auth()).send(body);

  beforeAll(async () => {
    harness = await startHarness({ target: 'gateway,redaction,ingest,memory,context' });
    ({ mcp, auth, get, say, next } = await personOverMcp(harness, {
      name: 'day-series',
      source: { source: 'health-coach' },
      clockFrom: '2026-12-01T08:00:00Z',
    }));
  });
  afterAll(async () => {
    await mcp?.close().catch(() => undefined);
    await harness?.stop();
  });

  // Four watch samples a day whose per-sample mean (about 2,000) is nothing like the day's total.
  const stepSamples = DAYS.flatMap((day, d) =>
    [1500, 2500, 1800, 2200 + d * 100].map((value, i) => ({
      id: `watch-${day}-${i}`,
      metric: 'steps',
      value,
      unit: 'steps',
      at: `${day}T${String(8 + i * 3).padStart(2, '0')}:00:00+01:00`,
      source: 'watch',
    })),
  );

  it('records a batch once: a retry is all duplicates, and a bad item names its field and reason', async () => {
    const first = await post('/v1/measurements', { measurements: stepSamples });
    expect([first.status, first.body]).toEqual([202, { accepted: 28, duplicates: 0 }]);
    const retry = await post('/v1/measurements', { measurements: stepSamples });
    expect([retry.status, retry.body]).toEqual([202, { accepted: 0, duplicates: 28 }]);

    const bad = await post('/v1/measurements', {
      measurements: [
        { metric: 'steps', value: 10, unit: 'steps', source: 'watch' },
        { metric: 'Steps!', value: 10, unit: 'steps', day: '2026-11-01', source: 'watch' },
      ],
    });
    expect(bad.status).toBe(400);
    const paths = (bad.body.error.issues as Array<{ path: string; reason: string }>).map(
      (i) => `${i.path}: ${i.reason}`,
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.measurements.0.day: exactly one of day or at',
        expect.stringMatching(/^body\.measurements\.1\.metric: lower-case letters/),
      ]),
    );
    const tooMany = await post('/v1/measurements', {
      measurements: Array.from({ length: 2001 }, (_, i) => ({ ...stepSamples[0], id: `x${i}` })),
    });
    expect(tooMany.status).toBe(400);
  });

  it('sums steps into daily totals and keeps a median baseline with its band', async () => {
    const steps = await get('/v1/measurements/steps?lookbackDays=28');
    expect(steps.status).toBe(200);
    const [series] = steps.body.series;
    expect(series.unit).toBe('steps');
    expect(series.aggregation).toBe('sum');
    expect(series.days.map((d: { value: number }) => d.value)).toEqual(
      DAYS.map((_, d) => 1500 + 2500 + 1800 + 2200 + d * 100),
    );
    expect(series.baseline).toMatchObject({ median: 8300, mad: 200, days: 7 });
    expect(series.baseline.low).toBeLessThan(8300);
    expect(series.baseline.high).toBeGreaterThan(8300);
    const shortLook = (await get('/v1/measurements/steps?lookbackDays=3')).body.series[0];
    expect(shortLook.days.map((d: { day: string }) => d.day)).toEqual(DAYS.slice(4));
    expect(shortLook.baseline).toMatchObject({ days: 3, from: '2026-11-05', to: '2026-11-07' });
    expect((await get('/v1/measurements/steps?lookbackDays=1')).status).toBe(400);
  });

  it('takes a measurement through POST /v1/events as well', async () => {
    await post('/v1/events', {
      events: [
        {
          id: randomUUID(),
          type: 'MeasurementRecorded',
          sessionId: 's-watch',
          occurredAt: next(),
          payload: {
            metric: 'resting_heart_rate',
            value: 58,
            unit: 'bpm',
            day: '2026-11-07',
            source: 'watch',
          },
        },
      ],
    }).expect(202);
    await eventually(
      () => get('/v1/measurements/resting_heart_rate'),
      (r) => r.status === 200 && r.body.series[0]?.days[0]?.value === 58,
      30_000,
    );
  });

  it('gives a step plan a progress line of daily totals in steps; the briefing is two lines at most', async () => {
    await say('s-plan', 1, 'user', 'I want to walk at least 8,000 steps every day.');
    const proposed = await post('/v1/plans', {
      sessionId: 's-plan',
      title: 'Walk 8,000 steps a day',
      measure: { metric: 'steps', unit: 'steps', target: 8000 },
    });
    expect(proposed.status).toBe(201);
    const planId = proposed.body.id as string;
    expect((await post(`/v1/plans/${planId}/activate`, {})).status).toBe(200);
    for (const [seq, title] of [
      [3, 'Stretch ten minutes every morning'],
      [5, 'In bed by eleven on weeknights'],
    ] as const) {
      await say('s-plan', seq - 1, 'assistant', 'Noted.');
      await say('s-plan', seq, 'user', 'One more thing.');
      const other = await post('/v1/plans', { sessionId: 's-plan', title });
      expect((await post(`/v1/plans/${other.body.id}/activate`, {})).status).toBe(200);
    }

    const plan = (await get('/v1/plans')).body.plans.find((p: { id: string }) => p.id === planId);
    // daily totals 8,000…8,600 (mean 8,300), never a per-sample mean of about 2,000
    expect(plan.progress).toBe(
      'Walk 8,000 steps a day: 8,300 steps a day on average (daily totals) over the last 7 days to 2026-11-07, target 8,000 steps a day; met on 7 of 7 days; latest 8,600 steps.',
    );

    const briefing = await get('/v1/briefing');
    expect(briefing.status).toBe(200);
    expect(briefing.body.lines.length).toBeLessThanOrEqual(2);
    expect(briefing.body.text.split('\n').length).toBeLessThanOrEqual(2);
    expect(briefing.body.lines[0]).toBe(plan.progress);

    // the memory block carries the same sentence, from the context's own copy of the series
    const block = await eventually(
      async () => String((await get('/v1/context/memory-block')).body.text ?? ''),
      (text) => text.includes('8,300 steps a day on average (daily totals)'),
      30_000,
    );
    expect(block).toContain(plan.progress);

    // a new day moves the line of the plan already active, in memory and in the block
    const later = {
      metric: 'steps',
      value: 9000,
      unit: 'steps',
      day: '2026-11-08',
      source: 'watch',
    };
    expect((await post('/v1/measurements', { measurements: [later] })).status).toBe(202);
    const moved = (await get('/v1/plans')).body.plans.find((p: { id: string }) => p.id === planId);
    expect(moved.progress).toMatch(/to 2026-11-08, .*; latest 9,000 steps\.$/);
    await eventually(
      async () => String((await get('/v1/context/memory-block')).body.text ?? ''),
      (text) => text.includes(moved.progress),
      30_000,
    );
  });

  it("puts a metric's move out of last period's band in the block, within the account's lookback", async () => {
    const day = (offset: number) =>
      new Date(Date.parse('2026-10-05T00:00:00Z') + offset * 86_400_000).toISOString().slice(0, 10);
    // four weeks around 30 active minutes a day, then a week around 60, to the person's latest day
    const minutes = Array.from({ length: 35 }, (_, i) => ({
      metric: 'active_minutes',
      value: i < 28 ? 28 + (i % 5) : 58 + (i % 3),
      unit: 'min',
      day: day(i),
      source: 'watch',
    }));
    expect((await post('/v1/measurements', { measurements: minutes })).status).toBe(202);
    const moved = 'active minutes (min) moved from within its usual range to above its usual range';
    const block = async () => String((await get('/v1/context/memory-block')).body.text ?? '');
    await eventually(block, (text) => text.includes(moved), 30_000);

    // a lookback shorter than the two periods leaves the rolling profile out
    const set = await harness
      .http()
      .put('/v1/account/settings')
      .set(auth())
      .send({ profileLookbackDays: 14 });
    expect([set.status, set.body.profileLookbackDays]).toEqual([200, 14]);
    await eventually(block, (text) => !text.includes('active minutes'), 30_000);
  });

  it('rebuilds the series, bands, plans and proposals by replaying the log, with no model call', async () => {
    // a health detail proposed too, so the replay has proposals to rebuild
    await say('s-replay', 1, 'user', 'I take melatonin most nights.');
    const proposed = await post('/v1/memories/remember', { sessionId: 's-replay' });
    expect(proposed.body).toMatchObject({ status: 'proposed' });
    const { dataSource, log } = harness.platform.infra;
    await expect(
      waitForCheckpoint(dataSource, 'memory', await log.lastSeq('events')),
    ).resolves.toBe(true);
    const reads = async () => ({
      steps: (await get('/v1/measurements/steps')).body,
      minutes: (await get('/v1/measurements/active_minutes?lookbackDays=35')).body,
      plans: (await get('/v1/plans')).body,
      proposals: (await get('/v1/proposals')).body,
      briefing: (await get('/v1/briefing')).body,
    });
    const before = await reads();
    expect(before.steps.series[0].baseline).not.toBeNull();
    expect(before.proposals.proposals).toHaveLength(1);
    const tables = await checksumProjection(dataSource, memoryProjection);
    const lastSeq = await log.lastSeq('events');

    await replayProjection(dataSource, log, memoryProjection);
    await expect(checksumProjection(dataSource, memoryProjection)).resolves.toEqual(tables);
    expect(await reads()).toEqual(before);
    // $0: the replay folds the events only; it calls no model and appends nothing (no spend recorded)
    await expect(log.lastSeq('events')).resolves.toBe(lastSeq);
  });
});
