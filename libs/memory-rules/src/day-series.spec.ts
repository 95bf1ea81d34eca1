import {
  aggregationOf,
  dailyValue,
  measuredProgress,
  measurementDay,
  robustBaseline,
  rollingMovements,
} from './day-series';
import { firstItems } from '@mnemo/testing';

const week = (values: number[], from = 1) =>
  values.map((value, i) => ({ day: `2026-12-${String(from + i).padStart(2, '0')}`, value }));

describe('the day series', () => {
  it('adds up counted units over the day and takes the middle of levels', () => {
    expect([aggregationOf('steps'), aggregationOf('min'), aggregationOf('bpm')]).toEqual([
      'sum',
      'sum',
      'median',
    ]);
    expect(dailyValue([2000, 3500, 2500], 'sum')).toBe(8000);
    expect(dailyValue([61, 58, 90], 'median')).toBe(61);
  });

  it('dates a timed measurement by the day written in its own offset', () => {
    expect(measurementDay({ at: '2026-12-01T23:30:00-05:00' })).toBe('2026-12-01');
    expect(measurementDay({ day: '2026-12-02' })).toBe('2026-12-02');
  });

  it('keeps a baseline that one odd day barely moves, with a band around it', () => {
    const baseline = robustBaseline(
      week([8000, 8200, 7900, 8100, 30000, 8050, 7950]),
      '2026-12-07',
      28,
    );
    expect(baseline).toMatchObject({ median: 8050, mad: 100, days: 7 });
    expect(baseline!.low).toBeCloseTo(8050 - 2 * 1.4826 * 100);
    expect(baseline!.high).toBeLessThan(30000);
    expect(robustBaseline(week([8000, 8200]), '2026-12-02', 28)).toBeNull();
  });

  it('reads a step plan as daily totals in steps, over its last seven days', () => {
    const line = measuredProgress(
      { metric: 'steps', unit: 'steps', target: 8000 },
      week([9000, 7000, 8000, 8500, 6000, 9500, 8000, 10000]),
    );
    // the last seven days: 7000…10000, mean 8,143; the first day falls outside the window
    expect(line).toBe(
      '8,143 steps a day on average (daily totals) over the last 7 days to 2026-12-08, target 8,000 steps a day; met on 5 of 7 days; latest 10,000 steps.',
    );
  });

  it('reads a level as its median, against a ceiling', () => {
    expect(
      measuredProgress(
        { metric: 'resting_heart_rate', unit: 'bpm', target: 60, direction: 'at_most' },
        week([62, 59, 58]),
      ),
    ).toBe(
      'resting heart rate 59 bpm (median of daily values) over the last 3 days to 2026-12-03, target at most 60 bpm a day; met on 2 of 3 days; latest 58 bpm.',
    );
    expect(measuredProgress({ metric: 'steps', unit: 'steps', target: 8000 }, [])).toBe(
      'no steps recorded yet (target 8,000 steps a day).',
    );
  });
});

describe('the rolling profile', () => {
  const days = (from: string, count: number, value: (i: number) => number) =>
    Array.from({ length: count }, (_, i) => ({
      day: new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
      value: value(i),
    }));
  // four weeks around 30 minutes a day, then a week around 60
  const active = [
    ...days('2026-10-05', 28, (i) => 28 + (i % 5)),
    ...days('2026-11-02', 7, (i) => 58 + (i % 3)),
  ];

  it("sets the current week's centre against the band of the four weeks before", () => {
    const [moved] = firstItems(
      rollingMovements([{ metric: 'active', unit: 'min', days: active }], '2026-11-08'),
      1,
    );
    expect(moved).toMatchObject({ metric: 'active', current: 'above', currentCentre: 59 });
    expect(moved.prior.median).toBe(30);
    const steady = rollingMovements(
      [{ metric: 'active', unit: 'min', days: active.slice(0, 28) }],
      '2026-11-01',
    );
    expect(steady.map((m) => m.current)).toEqual(['in']);
  });

  it('leaves every metric out under a lookback shorter than its two periods', () => {
    expect(
      rollingMovements([{ metric: 'active', unit: 'min', days: active }], '2026-11-08', 14),
    ).toEqual([]);
  });
});
