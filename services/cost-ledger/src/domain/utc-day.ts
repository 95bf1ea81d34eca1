const DAY_MS = 86_400_000;

/** The UTC calendar day a moment falls on, as `YYYY-MM-DD`: the key every daily cost pool is stored under. */
export function utcDay(date: Date): string {
  assertValid(date);
  return date.toISOString().slice(0, 10);
}

/** The first instant of the next UTC day: when every daily cap resets (docs/costs.md). */
export function nextUtcMidnight(date: Date): Date {
  assertValid(date);
  const startOfDay = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return new Date(startOfDay + DAY_MS);
}

function assertValid(date: Date): void {
  // An invalid Date would silently become the key "Invalid Date" and open a fresh, empty pool.
  if (Number.isNaN(date.getTime())) throw new RangeError('utcDay needs a valid Date');
}
