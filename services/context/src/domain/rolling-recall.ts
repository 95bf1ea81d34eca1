import { oneLine } from './text-format';

/**
 * A zero-LLM "what was true recently" line for the memory block, derived from rows we
 * already keep: the prior period's narrative and where each tracked measure sat then versus now.
 * No model call; it paraphrases nothing and invents nothing.
 */

export type Band = 'in' | 'above' | 'below';

export interface RollingRecallInput {
  /** e.g. "last month" */
  periodLabel: string;
  narrative: { headline: string; drivers: readonly string[] } | null;
  movements: readonly { metric: string; priorBand: Band; currentBand: Band }[];
}

/** A verbose narrative must not crowd the block; the drivers are one-liners, a few suffice. */
export const RECALL_HEADLINE_CHARS = 600;
export const RECALL_MAX_DRIVERS = 4;

const BAND_WORDS: Record<Band, string> = {
  in: 'within its usual range',
  above: 'above its usual range',
  below: 'below its usual range',
};

export function buildRollingRecallLine(input: RollingRecallInput): string | null {
  const parts: string[] = [];
  const headline = oneLine(input.narrative?.headline ?? '');
  if (headline.length > 0) {
    const capped =
      headline.length > RECALL_HEADLINE_CHARS
        ? `${headline.slice(0, RECALL_HEADLINE_CHARS)}…`
        : headline;
    parts.push(`${oneLine(input.periodLabel)}: ${capped}`);
    const drivers = (input.narrative?.drivers ?? [])
      .map(oneLine)
      .filter((d) => d.length > 0)
      .slice(0, RECALL_MAX_DRIVERS);
    if (drivers.length > 0) parts.push(`Drivers: ${drivers.join('; ')}.`);
  }
  // Only a change of band is worth recalling; a measure that stayed put says nothing new.
  const moved = [...input.movements]
    .filter((m) => m.priorBand !== m.currentBand)
    .sort((a, b) => (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0))
    .map(
      (m) =>
        `${oneLine(m.metric)} moved from ${BAND_WORDS[m.priorBand]} to ${BAND_WORDS[m.currentBand]}`,
    );
  if (moved.length > 0) parts.push(`Since then: ${moved.join('; ')}.`);
  return parts.length === 0 ? null : parts.join(' ');
}
