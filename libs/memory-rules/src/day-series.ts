import type { z } from 'zod';
import type { MeasurementRecorded, PlanMeasure } from '@mnemo/contracts';

const DAY_MS = 86_400_000;

/** How a day's samples make the day's value: counted things add up, levels take their middle. */
export type DailyAggregation = 'sum' | 'median';

/**
 * Units of something accumulated over the day (steps walked, minutes active, water drunk): the day is
 * their total, so a step plan reads daily totals and never a mean of per-sample counts. Every other
 * unit (bpm, kg, mmHg, %) is a level, and the day is the median of its samples. See docs/day-series.md.
 */
const SUMMED_UNITS = new Set([
  'steps',
  'step',
  'count',
  'kcal',
  'cal',
  'floors',
  'min',
  'minutes',
  'h',
  'hours',
  'km',
  'm',
  'mi',
  'ml',
  'l',
  'glasses',
]);

export const aggregationOf = (unit: string): DailyAggregation =>
  SUMMED_UNITS.has(unit.toLowerCase()) ? 'sum' : 'median';

/** The calendar day a measurement belongs to: its `day`, or the date of `at` as written (the producer's own offset). */
export const measurementDay = (m: { day?: string; at?: string }): string =>
  m.day ?? m.at!.slice(0, 10);

/** What makes two measurements the same one: the producer's id, else everything it says. */
export function measurementKey(m: z.infer<typeof MeasurementRecorded>): string {
  if (m.measurementId) return `id:${m.measurementId}`;
  return `content:${JSON.stringify([m.metric, m.unit, m.day ?? m.at, m.value, m.source])}`;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 ? upper : ((sorted[mid - 1] ?? Number.NaN) + upper) / 2;
}

export function dailyValue(values: readonly number[], aggregation: DailyAggregation): number {
  return aggregation === 'sum' ? values.reduce((sum, v) => sum + v, 0) : median(values);
}

export interface DayValue {
  day: string;
  value: number;
}

/** Scales the MAD to a standard deviation's size for normally spread values. */
const MAD_TO_SIGMA = 1.4826;
/** The band is the baseline ± this many scaled MADs: wide enough that an ordinary day stays inside. */
const BAND_WIDTH = 2;
/** Fewer days than this say nothing steady about a person. */
export const MIN_BASELINE_DAYS = 3;

export interface Baseline {
  median: number;
  mad: number;
  low: number;
  high: number;
  days: number;
  from: string;
  to: string;
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The days of `series` in the `lookbackDays` ending on `endDay` (inclusive). */
export function daysWithin(
  series: readonly DayValue[],
  endDay: string,
  lookbackDays: number,
): DayValue[] {
  const from = addDays(endDay, 1 - lookbackDays);
  return series.filter((d) => d.day >= from && d.day <= endDay);
}

/**
 * A robust baseline (median and median absolute deviation) of the daily values in the lookback ending
 * on `endDay`, and the band an ordinary day falls in. A few odd days barely move it, unlike a mean.
 */
export function robustBaseline(
  series: readonly DayValue[],
  endDay: string,
  lookbackDays: number,
): Baseline | null {
  const within = daysWithin(series, endDay, lookbackDays);
  if (within.length < MIN_BASELINE_DAYS) return null;
  const values = within.map((d) => d.value);
  const centre = median(values);
  const mad = median(values.map((v) => Math.abs(v - centre)));
  const spread = BAND_WIDTH * MAD_TO_SIGMA * mad;
  return {
    median: centre,
    mad,
    low: centre - spread,
    high: centre + spread,
    days: within.length,
    from: addDays(endDay, 1 - lookbackDays),
    to: endDay,
  };
}

/** A plan's progress is read over its last week of days. */
export const PROGRESS_WINDOW_DAYS = 7;

const formatNumber = (value: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: Math.abs(value) >= 100 ? 0 : 1 });
const withUnit = (value: number, unit: string) => `${formatNumber(value)} ${unit}`;

/**
 * One sentence on a measured plan from the person's own series, in the plan's unit: a summed metric
 * as the mean of daily totals, a level as the median of its daily values, with how many days met the
 * target and the latest day. `series` holds the metric's daily values in the plan's unit.
 */
export function measuredProgress(
  measure: z.input<typeof PlanMeasure>,
  series: readonly DayValue[],
): string {
  const metric = measure.metric.replace(/_/g, ' ');
  const ordered = [...series].sort((a, b) => a.day.localeCompare(b.day));
  const latest = ordered[ordered.length - 1];
  const atLeast = (measure.direction ?? 'at_least') === 'at_least';
  const target = `target ${atLeast ? '' : 'at most '}${withUnit(measure.target, measure.unit)} a day`;
  if (!latest) return `no ${metric} recorded yet (${target}).`;
  const week = daysWithin(ordered, latest.day, PROGRESS_WINDOW_DAYS);
  const summed = aggregationOf(measure.unit) === 'sum';
  const values = week.map((d) => d.value);
  const centre = summed ? values.reduce((s, v) => s + v, 0) / values.length : median(values);
  const met = week.filter((d) =>
    atLeast ? d.value >= measure.target : d.value <= measure.target,
  ).length;
  const daysLabel = `${week.length} day${week.length === 1 ? '' : 's'}`;
  const reading = summed
    ? `${withUnit(centre, measure.unit)} a day on average (daily totals)`
    : `${metric} ${withUnit(centre, measure.unit)} (median of daily values)`;
  return (
    `${reading} over the last ${daysLabel} to ${latest.day}, ${target}; ` +
    `met on ${met} of ${daysLabel}; latest ${withUnit(latest.value, measure.unit)}.`
  );
}

/** The rolling profile's periods: this week against the four weeks before it. */
export const CURRENT_PERIOD_DAYS = 7;
export const PRIOR_PERIOD_DAYS = 28;
/** How far back the rolling profile may read when the account sets no shorter limit. */
export const DEFAULT_PROFILE_LOOKBACK_DAYS = 90;

export type BandPosition = 'in' | 'above' | 'below';

export interface MetricMovement {
  metric: string;
  unit: string;
  prior: Baseline;
  currentCentre: number;
  /** Where the current period's centre sits against the band the metric held in the prior period. */
  current: BandPosition;
}

/**
 * Per metric, the band it held in the prior period (a robust baseline of its daily values) against
 * where the current period's centre (median) sits, both ending at `endDay`, the person's latest
 * recorded day. A metric whose prior period reaches beyond `lookbackDays` is left out, as is one with
 * too few days in either period. No model call: docs/day-series.md.
 */
export function rollingMovements(
  series: ReadonlyArray<{ metric: string; unit: string; days: readonly DayValue[] }>,
  endDay: string,
  lookbackDays = DEFAULT_PROFILE_LOOKBACK_DAYS,
): MetricMovement[] {
  if (CURRENT_PERIOD_DAYS + PRIOR_PERIOD_DAYS > lookbackDays) return [];
  const priorEnd = addDays(endDay, -CURRENT_PERIOD_DAYS);
  return series.flatMap(({ metric, unit, days }) => {
    const prior = robustBaseline(days, priorEnd, PRIOR_PERIOD_DAYS);
    const current = daysWithin(days, endDay, CURRENT_PERIOD_DAYS);
    if (!prior || current.length === 0) return [];
    const centre = median(current.map((d) => d.value));
    const position: BandPosition =
      centre > prior.high ? 'above' : centre < prior.low ? 'below' : 'in';
    return [{ metric, unit, prior, currentCentre: centre, current: position }];
  });
}
