/**
 * A conversation sent to the model is capped at 60,000 characters (a summary, an extraction;
 * an artifact keeps its newest 60,000 the same way).
 */
export const TRANSCRIPT_MAX_CHARS = 60_000;

export interface TranscriptTurn {
  seq: number;
  role: 'user' | 'assistant' | 'system';
  text: string;
}

export interface Transcript {
  /** Oldest kept turn first; never longer than the cap. */
  text: string;
  includedTurns: number;
  /** Older turns left out because the newer ones filled the cap. */
  droppedTurns: number;
  /** System turns and empty turns: injected context or nothing, not conversation. */
  ignoredTurns: number;
  /** The newest turn alone was over the cap, so only its end was kept. */
  newestTruncated: boolean;
}

const SEPARATOR = '\n\n';
const ELLIPSIS = '…';
const LABEL = { user: 'User', assistant: 'Assistant' } as const;

/**
 * The transcript a summary or an extraction is made from. The newest turns matter most, so the
 * cap is filled from the newest turn backwards, whole turns only; a single newest turn that is over the
 * cap on its own keeps its end (the most recent words), marked with an ellipsis.
 */
export function buildTranscript(
  turns: readonly TranscriptTurn[],
  maxChars = TRANSCRIPT_MAX_CHARS,
): Transcript {
  if (!Number.isInteger(maxChars) || maxChars < 1)
    throw new RangeError('maxChars must be a positive integer');
  const { conversation, ignored } = conversationTurns(turns);
  const blocks = conversation.map((t) => `${LABEL[t.role]}: ${t.text}`);

  const kept: string[] = [];
  let used = 0;
  for (const block of [...blocks].reverse()) {
    const cost = block.length + (kept.length > 0 ? SEPARATOR.length : 0);
    if (used + cost > maxChars) break;
    kept.unshift(block);
    used += cost;
  }

  let newestTruncated = false;
  const newest = conversation.at(-1);
  if (kept.length === 0 && newest !== undefined) {
    kept.push(tailOf(newest, maxChars));
    newestTruncated = true;
  }
  return {
    text: kept.join(SEPARATOR),
    includedTurns: kept.length,
    droppedTurns: blocks.length - kept.length,
    ignoredTurns: ignored,
    newestTruncated,
  };
}

function conversationTurns(turns: readonly TranscriptTurn[]) {
  const bySeq = new Map<number, TranscriptTurn & { role: 'user' | 'assistant' }>();
  let ignored = 0;
  for (const turn of turns) {
    const text = turn.text.trim();
    if (turn.role === 'system' || text.length === 0) {
      ignored++;
      continue;
    }
    // A redelivered turn carries the seq it was first stored under: keep one copy.
    if (bySeq.has(turn.seq)) {
      ignored++;
      continue;
    }
    bySeq.set(turn.seq, { seq: turn.seq, role: turn.role, text });
  }
  const conversation = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  return { conversation, ignored };
}

function tailOf(turn: { role: 'user' | 'assistant'; text: string }, maxChars: number): string {
  const head = `${LABEL[turn.role]}: ${ELLIPSIS}`;
  if (head.length >= maxChars) return turn.text.slice(turn.text.length - maxChars);
  return head + turn.text.slice(turn.text.length - (maxChars - head.length));
}
