/** Reciprocal rank fusion's k (Cormack et al. 2009): a larger k flattens the weight of the top ranks. */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion of ranked lists of ids (best first): each id scores the sum of 1 / (k + rank)
 * over the lists that hold it, normalized so that first in every list is 1. Ties keep the order of
 * the best rank, then of the first list that ranks the id.
 */
export function fuseRanks(
  lists: ReadonlyArray<readonly string[]>,
  k = RRF_K,
): Array<{ id: string; score: number }> {
  const fused = new Map<string, { sum: number; best: number; order: number }>();
  let order = 0;
  for (const list of lists) {
    list.forEach((id, i) => {
      const seen = fused.get(id) ?? { sum: 0, best: Infinity, order: order++ };
      seen.sum += 1 / (k + i + 1);
      seen.best = Math.min(seen.best, i);
      fused.set(id, seen);
    });
  }
  const top = lists.length / (k + 1);
  return [...fused.entries()]
    .sort(([, a], [, b]) => b.sum - a.sum || a.best - b.best || a.order - b.order)
    .map(([id, { sum }]) => ({ id, score: top > 0 ? sum / top : 0 }));
}
