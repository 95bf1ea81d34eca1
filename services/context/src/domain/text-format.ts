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
