/**
 * Greedy packing in the given order: each item is taken when its cost still fits what is left,
 * and skipped otherwise, so one long item does not shut out the shorter ones behind it.
 * `fixedCost` is paid once, with the first item taken (a section heading, say); if nothing is
 * taken it is not paid.
 */
export interface PackResult<T> {
  taken: T[];
  skipped: T[];
  /** Characters used, `fixedCost` included when something was taken. */
  used: number;
}

export function greedyPack<T>(
  items: readonly T[],
  costOf: (item: T) => number,
  budget: number,
  fixedCost = 0,
): PackResult<T> {
  const taken: T[] = [];
  const skipped: T[] = [];
  let used = 0;
  for (const item of items) {
    const cost = costOf(item) + (taken.length === 0 ? fixedCost : 0);
    if (used + cost <= budget) {
      taken.push(item);
      used += cost;
    } else {
      skipped.push(item);
    }
  }
  return { taken, skipped, used };
}
