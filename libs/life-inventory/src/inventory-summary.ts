import type { InventoryType } from './inventory-catalog';

/** The life inventory summary's hard cap, in characters (docs/profile.md). */
export const LIFE_INVENTORY_SUMMARY_CAP = 800;
/** A category moved when its score changed by at least this much between the two latest takes. */
export const TREND_THRESHOLD = 2;

export interface CompletedTake {
  inventoryType: string;
  title: string;
  completedAt: string;
  scores: Readonly<Record<string, number>>;
}

/**
 * "Trends since last take: …": categories whose score moved by ≥ 2 between each type's two latest
 * takes, improved then worsened, each category once (the first type to name it wins). Null when
 * nothing moved or no type has two takes.
 */
export function trendLine(takesByType: ReadonlyArray<readonly CompletedTake[]>): string | null {
  const seen = new Set<string>();
  const improved: string[] = [];
  const worsened: string[] = [];
  for (const takes of takesByType) {
    const [latest, previous] = [...takes].sort((a, b) =>
      b.completedAt.localeCompare(a.completedAt),
    );
    if (!latest || !previous) continue;
    for (const [name, score] of Object.entries(latest.scores)) {
      const before = previous.scores[name];
      if (before === undefined || seen.has(name)) continue;
      const delta = score - before;
      if (Math.abs(delta) < TREND_THRESHOLD) continue;
      seen.add(name);
      (delta > 0 ? improved : worsened).push(name);
    }
  }
  const parts = [...improved.map((n) => `${n} improved`), ...worsened.map((n) => `${n} worsened`)];
  return parts.length ? `Trends since last take: ${parts.join('; ')}` : null;
}

const formatScore = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** One line per type: its latest take's scores. */
export function baseSummary(takesByType: ReadonlyArray<readonly CompletedTake[]>): string {
  return takesByType
    .flatMap((takes) => {
      const latest = [...takes].sort((a, b) => b.completedAt.localeCompare(a.completedAt))[0];
      if (!latest) return [];
      const scores = Object.entries(latest.scores).map(
        ([name, score]) => `${name} ${formatScore(score)}`,
      );
      return [`${latest.title} (${latest.completedAt.slice(0, 10)}): ${scores.join(', ')}`];
    })
    .join('\n');
}

/**
 * At most 800 characters. With the trend line if it fits; else the trend line is dropped
 * first; a base summary still too long is hard-truncated with `…`.
 */
export function lifeInventorySummary(
  takesByType: ReadonlyArray<readonly CompletedTake[]>,
  cap = LIFE_INVENTORY_SUMMARY_CAP,
): string {
  const base = baseSummary(takesByType);
  const trend = trendLine(takesByType);
  if (trend) {
    const withTrend = `${base}\n${trend}`;
    if (withTrend.length <= cap) return withTrend;
  }
  return base.length <= cap ? base : `${base.slice(0, cap - 1)}…`;
}

/** A completed take as its event says it: the type, when it completed, and its category scores. */
export interface CompletedTakeRecord {
  inventoryType: string;
  completedAt: string;
  scores: Readonly<Record<string, number>>;
}

/** Scores keep no key order of their own (jsonb): the summary lists categories in the catalog's order, unknown ones after. */
function inCatalogOrder(
  type: InventoryType,
  scores: Readonly<Record<string, number>>,
): Record<string, number> {
  const names = type.categories.map((c) => c.name);
  const rank = (name: string) => names.indexOf(name) + 1 || names.length + 1;
  return Object.fromEntries(
    Object.entries(scores).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)),
  );
}

/**
 * Completed takes grouped by type, in catalog order, newest first within a type: what the summary and
 * its trend line read. A take of a type the catalog does not know is left out.
 */
export function completedTakesByType(
  catalog: readonly InventoryType[],
  takes: readonly CompletedTakeRecord[],
): CompletedTake[][] {
  const sorted = [...takes].sort((a, b) => b.completedAt.localeCompare(a.completedAt));
  return catalog
    .map((type) =>
      sorted
        .filter((take) => take.inventoryType === type.inventoryType)
        .map((take) => ({
          inventoryType: type.inventoryType,
          title: type.title,
          completedAt: take.completedAt,
          scores: inCatalogOrder(type, take.scores),
        })),
    )
    .filter((group) => group.length > 0);
}
