/**
 * Failed clusters day by day, for the Operations page's small charts (docs/learning.md): a cluster is
 * computed from the whole corpus, so it counts on the day of its latest attempt (the day it last
 * grew), and a cluster whose latest attempt is undated or outside the window counts on no day.
 */
export function clustersByDay(
  days: readonly string[],
  clusters: ReadonlyArray<{ lastAttemptAt: string | null }>,
): number[] {
  const counts = new Map(days.map((day) => [day, 0]));
  for (const { lastAttemptAt } of clusters) {
    const day = lastAttemptAt?.slice(0, 10);
    if (day !== undefined && counts.has(day)) counts.set(day, counts.get(day)! + 1);
  }
  return days.map((day) => counts.get(day)!);
}
