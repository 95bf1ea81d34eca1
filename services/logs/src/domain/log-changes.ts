/** What a template did in a window, against the window of the same length before it. */
export type LogChange = 'new' | 'rising' | 'steady' | 'falling';

export interface WindowCounts {
  firstSeenAt: Date;
  /** Lines in [since, until). */
  inWindow: number;
  /** Lines in the window of the same length just before `since`. */
  before: number;
}

/** A template is rising when it says at least twice as much as before, and at least this often. */
export const RISING_MIN_LINES = 3;

/**
 * New when first met inside the window; rising when its lines at least doubled against the window
 * before (and number at least RISING_MIN_LINES, so 1 → 2 is not news); falling when they halved.
 */
export function logChange(counts: WindowCounts, since: Date): LogChange {
  if (counts.firstSeenAt.getTime() >= since.getTime()) return 'new';
  if (counts.inWindow >= RISING_MIN_LINES && counts.inWindow >= 2 * counts.before) return 'rising';
  if (counts.before >= RISING_MIN_LINES && 2 * counts.inWindow <= counts.before) return 'falling';
  return 'steady';
}

/** Lines an hour over a window, never dividing by less than an hour. */
export function ratePerHour(lines: number, from: Date, until: Date): number {
  const hours = Math.max(1, (until.getTime() - from.getTime()) / 3_600_000);
  return Math.round((lines / hours) * 100) / 100;
}
