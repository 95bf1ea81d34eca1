import type { InsightItem } from './context-sources';
import { greedyPack } from './greedy-pack';
import { newestFirst, oneLine } from './text-format';

export const INSIGHTS_HEADING = '#### Cross-Artifact Insights';

export interface InsightsResult {
  /** null when there are none, or none fits: the section is omitted. */
  text: string | null;
  used: InsightItem[];
}

/** One bullet with its pair label, e.g. `- … *(Career History ↔ Core Values)*`. */
export function insightLine(insight: InsightItem): string {
  return `- ${oneLine(insight.text)} *(${oneLine(insight.artifactATitle)} ↔ ${oneLine(insight.artifactBTitle)})*`;
}

/** Insights newest first, greedy-packed so the section, heading included, stays within budget. */
export function buildInsights(
  insights: readonly InsightItem[],
  budgetChars: number,
): InsightsResult {
  const lines = newestFirst(insights, (insight) => insight.createdAt).map((insight) => ({
    insight,
    line: insightLine(insight),
  }));
  // Heading + blank line + bullets joined by newlines: charging each bullet its newline and the
  // heading one newline makes `used` equal the rendered length exactly.
  const packed = greedyPack(
    lines,
    (entry) => entry.line.length + 1,
    budgetChars,
    INSIGHTS_HEADING.length + 1,
  );
  if (packed.taken.length === 0) return { text: null, used: [] };
  const text = `${INSIGHTS_HEADING}\n\n${packed.taken.map((entry) => entry.line).join('\n')}`;
  return { text, used: packed.taken.map((entry) => entry.insight) };
}
