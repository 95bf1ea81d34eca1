import type { MetricDaysAnswer, MnemoClient } from '@mnemo/mnemo-client';
import { recordMeasurements } from './plans.tools';
import { ToolInputError } from '../tool';

function fakeClient(answers: { days?: MetricDaysAnswer }) {
  const asked: unknown[] = [];
  const client = {
    measurementDays: async (metric: string, lookbackDays?: number) => {
      asked.push({ metric, lookbackDays });
      return answers.days;
    },
  } as unknown as MnemoClient;
  return { client, asked };
}

describe('record_measurements, action read', () => {
  it("shows a metric's days, latest day and usual range in its own unit", async () => {
    const { client, asked } = fakeClient({
      days: {
        metric: 'steps',
        lookbackDays: 28,
        series: [
          {
            unit: 'steps',
            aggregation: 'sum',
            days: [
              { day: '2026-11-30', value: 7000 },
              { day: '2026-12-01', value: 8000 },
              { day: '2026-12-02', value: 9000 },
            ],
            baseline: {
              median: 8000,
              mad: 1000,
              low: 5034.8,
              high: 10965.2,
              days: 3,
              from: '2026-11-30',
              to: '2026-12-02',
            },
          },
        ],
      },
    });
    const text = await recordMeasurements.run(
      { action: 'read', metric: 'steps', lookbackDays: 28 },
      { client },
    );
    expect(asked).toEqual([{ metric: 'steps', lookbackDays: 28 }]);
    expect(text).toBe(
      'steps (steps, daily total): 3 days in the last 28; latest 2026-12-02: 9000 steps; usually 5034.8–10965.2 steps (median 8000)',
    );
  });

  it('says when a metric has too few days for a usual range, or none', async () => {
    const few = fakeClient({
      days: {
        metric: 'weight',
        lookbackDays: 28,
        series: [
          {
            unit: 'kg',
            aggregation: 'median',
            days: [{ day: '2026-12-02', value: 71.5 }],
            baseline: null,
          },
        ],
      },
    });
    expect(await recordMeasurements.run({ action: 'read', metric: 'weight' }, few)).toMatch(
      /daily median\): 1 day in the last 28; latest 2026-12-02: 71.5 kg; too few days for a usual range$/,
    );
    const none = fakeClient({ days: { metric: 'weight', lookbackDays: 28, series: [] } });
    expect(await recordMeasurements.run({ action: 'read', metric: 'weight' }, none)).toBe(
      'No weight measurements yet.',
    );
  });

  it('names the missing argument for each action', async () => {
    const { client } = fakeClient({});
    await expect(recordMeasurements.run({ action: 'read' }, { client })).rejects.toThrow(
      new ToolInputError('metric: required to read a metric'),
    );
    await expect(recordMeasurements.run({ action: 'record' }, { client })).rejects.toThrow(
      new ToolInputError('measurements: required to record measurements'),
    );
  });
});
