/**
 * A hit's turns, best-matching first (recall's answer contract: `turnSeqs` leads with the turn that
 * answers), ties broken by closeness to the best turn, then the later one first: the turn after a
 * matching question is usually its answer.
 */
export function orderTurns(turns: ReadonlyArray<{ seq: number; score: number }>): number[] {
  if (turns.length === 0) return [];
  const best = turns.reduce((a, b) => (b.score > a.score ? b : a));
  const position = new Map(turns.map((t, i) => [t.seq, i]));
  const bestAt = position.get(best.seq)!;
  return [...turns]
    .sort(
      (a, b) =>
        b.score - a.score ||
        Math.abs(position.get(a.seq)! - bestAt) - Math.abs(position.get(b.seq)! - bestAt) ||
        b.seq - a.seq,
    )
    .map((t) => t.seq);
}

/** A snippet opens with its day, so an agent can tell when it was said. */
export const datedSnippet = (occurredAt: string, headline: string): string =>
  `[${occurredAt.slice(0, 10)}] ${headline.replace(/\s+/g, ' ').trim()}`;
