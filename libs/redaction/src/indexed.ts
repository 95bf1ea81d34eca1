/**
 * The entry at an index the caller's own construction guarantees (a flat [end, word, …] list walked
 * in steps of two, a table sized for every state): a missing one is a bug here, never bad input.
 */
export function entry<T>(items: ArrayLike<T>, index: number): T {
  const value = items[index];
  if (value === undefined)
    throw new RangeError(`redaction: no entry at ${index} of ${items.length}`);
  return value;
}

/** A capture group of a match made with the `d` flag: its text and [start, end). */
export interface Captured {
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

/** The group (by name or number), or null where it took no part in the match. */
export function captured(m: RegExpMatchArray, group: string | number): Captured | null {
  const value = typeof group === 'number' ? m[group] : m.groups?.[group];
  const span = typeof group === 'number' ? m.indices?.[group] : m.indices?.groups?.[group];
  if (value === undefined || span === undefined) return null;
  return { value, start: span[0], end: span[1] };
}
