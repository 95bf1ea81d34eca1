import { entry } from './indexed';

/** A stretch [start, end) of a text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Whether [start, end) overlaps one of `spans` (sorted, disjoint): a binary search, so many spans never make a caller quadratic. */
export function overlapsAny(spans: readonly Span[], start: number, end: number): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const span = entry(spans, mid);
    if (span.end <= start) lo = mid + 1;
    else if (span.start >= end) hi = mid - 1;
    else return true;
  }
  return false;
}
