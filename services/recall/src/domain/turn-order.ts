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

/** Where a headline's matches start and stop: characters no turn holds (Unicode's private use area). */
export const MATCH_START = '\uE000';
export const MATCH_STOP = '\uE001';

export interface Snippet {
  /** For a reader: opens with its day, the matched words in `**`. */
  snippet: string;
  /** The same words, plain: no day, no marks, whitespace folded. */
  text: string;
  /** Where the matched words are in `text`: [start, end) pairs. */
  highlights: Array<[number, number]>;
}

/**
 * A headline whose matches sit between MATCH_START and MATCH_STOP, as a reader's snippet and as plain
 * text with the matches' ranges beside it: a program takes the text (docs/recall.md) and never parses
 * the reader's form back.
 */
export function snippetOf(occurredAt: string, headline: string): Snippet {
  const folded = headline.replace(/\s+/g, ' ').trim();
  let text = '';
  const highlights: Array<[number, number]> = [];
  let start = -1;
  for (const char of folded) {
    if (char === MATCH_START) start = text.length;
    else if (char === MATCH_STOP) {
      if (start >= 0 && text.length > start) highlights.push([start, text.length]);
      start = -1;
    } else text += char;
  }
  let marked = '';
  let at = 0;
  for (const [from, to] of highlights) {
    marked += `${text.slice(at, from)}**${text.slice(from, to)}**`;
    at = to;
  }
  marked += text.slice(at);
  return { snippet: datedSnippet(occurredAt, marked), text, highlights };
}
