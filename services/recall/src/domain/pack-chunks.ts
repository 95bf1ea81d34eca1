/** One user or assistant turn as the chunks see it: redacted prose, no tool calls. */
export interface ChunkTurn {
  seq: number;
  role: 'user' | 'assistant';
  text: string;
  occurredAt: string;
}

export interface PackedChunk {
  firstSeq: number;
  turns: ChunkTurn[];
  /** The turns' text, each prefixed with its role, in seq order. */
  text: string;
  /** The last turn of the previous chunk and the first of the next, clipped: what a question or answer split by a window edge needs. */
  context: string;
  occurredAt: string;
}

export interface PackOptions {
  /** ~1,200-character windows of whole turns. */
  chunkChars: number;
  /** A single turn longer than this is clipped in its chunk (the turn itself stays whole in the log). */
  maxTurnChars: number;
  /** Characters of each neighbouring turn kept as context. */
  contextChars: number;
}

export const DEFAULT_PACK_OPTIONS: PackOptions = {
  chunkChars: 1200,
  maxTurnChars: 4000,
  contextChars: 300,
};

const turnLine = (turn: ChunkTurn, maxChars: number): string =>
  `${turn.role}: ${clip(turn.text, maxChars)}`;

export function clip(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1)}…`;
}

/**
 * Packs a session's turns (in seq order) greedily into windows of whole turns: a turn joins the
 * current window while the window stays within `chunkChars`, else opens the next one. A window's
 * edges depend only on the turns before it, so appending turns re-packs only the last window, and
 * re-packing from any window edge gives the same windows as packing the whole session.
 */
export function packChunks(
  turns: readonly ChunkTurn[],
  options: PackOptions = DEFAULT_PACK_OPTIONS,
): PackedChunk[] {
  const groups: ChunkTurn[][] = [];
  let current: ChunkTurn[] = [];
  let size = 0;
  for (const turn of turns) {
    const length = Math.min(turn.text.length, options.maxTurnChars) + turn.role.length + 2;
    if (current.length > 0 && size + 1 + length > options.chunkChars) {
      groups.push(current);
      current = [];
      size = 0;
    }
    current.push(turn);
    size += (size ? 1 : 0) + length;
  }
  if (current.length) groups.push(current);
  return groups.flatMap((group, i) => {
    const [first] = group;
    if (first === undefined) return [];
    const before = groups[i - 1]?.at(-1);
    const after = groups[i + 1]?.[0];
    return {
      firstSeq: first.seq,
      turns: group,
      text: group.map((turn) => turnLine(turn, options.maxTurnChars)).join('\n'),
      context: [before, after]
        .flatMap((turn) => (turn ? [clip(turn.text, options.contextChars)] : []))
        .join('\n'),
      occurredAt: first.occurredAt,
    };
  });
}
