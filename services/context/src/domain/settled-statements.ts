import type { DecisionStance, DigestDecision, DigestPreference } from './developer-digest-sources';

/** A turn as the digest reads it: who said it, what, and where it sits. */
export interface DigestTurn {
  seq: number;
  role: string;
  text: string;
  occurredAt: string;
}

/**
 * What a person settles in coding talk, read at the digest's build from their own words, zero-LLM: a choice
 * ("we chose X over Y because …", "go with X", "decision: …"), a standing rule ("always …", "never …",
 * "convention: …", "we use X, not Y"), a rejected approach ("revert it, …", "we dropped X", "forget X, we stay
 * on Y") and a way of working ("I prefer …", "please keep …"). One sentence-level line each, traced to its turn.
 * Offline extraction into memories (memory service) covers the same talk; the digest drops whichever says a
 * thing twice.
 */
const PREFERENCE =
  /\b(i prefer|i like|i want|i'd like|i would like|please (always|keep|show|list|run|use)|note for the future|for me,)\b/i;
const REJECTED =
  /\b(revert|reverted|roll(ed)? back|we dropped|drop (it|this|that)|forget|pull .{1,40} out|park|parked|rejected|ruled out|is out\b|not worth|too (slow|much|heavy)|broke|was slower)\b/i;
const DEFERRED = /\b(later|for now|until|not yet|postpone|deferred|park|parked)\b/i;
const CONVENTION =
  /\b(always|never|convention|rule( here)?:|we (use|keep|stay)|only\b|every (time|\w+ is)|no \w+ (anywhere|in|on)|must|don't|do not)\b/i;
const CHOICE =
  /\b(we (chose|picked|decided|go with|went with|settled on)|decision:|decided|go with|chose|picked|over \w[\w.-]* (because|since)|instead|rather than)/i;

const sentenceOf = (text: string): string => text.replace(/\s+/g, ' ').trim();

export interface SettledStatements {
  decisions: DigestDecision[];
  preferences: DigestPreference[];
}

export function settledStatements(
  sessionId: string,
  turns: readonly DigestTurn[],
): SettledStatements {
  const decisions: DigestDecision[] = [];
  const preferences: DigestPreference[] = [];
  for (const turn of turns) {
    if (turn.role !== 'user') continue;
    const text = sentenceOf(turn.text);
    if (text.length < 12 || text.length > 600 || text.includes('```')) continue;
    const trace = { sessionId, turnSeq: turn.seq, occurredAt: turn.occurredAt };
    const id = `${sessionId}#${turn.seq}`;
    if (PREFERENCE.test(text)) {
      preferences.push({ ...trace, id, content: text });
      continue;
    }
    const stance: DecisionStance | null = REJECTED.test(text)
      ? DEFERRED.test(text) && !/\brevert/i.test(text)
        ? 'deferred'
        : 'rejected'
      : CHOICE.test(text)
        ? 'chose'
        : CONVENTION.test(text)
          ? 'convention'
          : null;
    if (stance !== null) decisions.push({ ...trace, id, topic: text, stance, rationale: '' });
  }
  return { decisions, preferences };
}
