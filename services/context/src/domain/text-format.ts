/** Small, deterministic text helpers shared by the assemblers. */

/**
 * Collapses every run of whitespace (newlines included) to one space and trims, so a stored text
 * rendered as one bullet cannot open a heading or a fake section of its own.
 */
export function oneLine(text: string): string {
  // Most stored text has no whitespace but single spaces between words: returned as it is, without
  // a copy.
  const already =
    !OTHER_WHITESPACE.test(text) &&
    !text.includes('  ') &&
    !text.startsWith(' ') &&
    !text.endsWith(' ');
  return already ? text : text.replace(/\s+/g, ' ').trim();
}

const OTHER_WHITESPACE = /[^\S ]/;

/** The date part of an ISO-8601 timestamp; no clock, no locale. */
export function isoDate(timestamp: string): string {
  return timestamp.slice(0, 10);
}

/** Newest first by the given timestamp, then by id, so equal timestamps still order the same way. */
export function newestFirst<T extends { id: string }>(
  items: readonly T[],
  at: (item: T) => string,
): T[] {
  return [...items].sort((a, b) => {
    const byTime = compareCodeUnits(at(b), at(a));
    return byTime !== 0 ? byTime : compareCodeUnits(a.id, b.id);
  });
}

/** Plain code-unit order: unlike localeCompare it does not depend on the host's ICU data. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const words = (text: string): Set<string> =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9@._/-]+/)
      .filter((word) => word.length > 2),
  );

/** The share of the smaller text's words the other holds: 1 when one says all the other says. */
export function overlap(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  if (small.size === 0) return 0;
  let shared = 0;
  for (const word of small) if (large.has(word)) shared += 1;
  return shared / small.size;
}

/** Whether nearly every word of `part` (80 %) is in `whole`; an empty part is. */
export function containedIn(part: string, whole: string): boolean {
  const x = words(part);
  if (x.size === 0) return true;
  const y = words(whole);
  let shared = 0;
  for (const word of x) if (y.has(word)) shared += 1;
  return shared / x.size >= 0.8;
}
