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
  /\b(i prefer|i like|i want|i'd like|i would like|please (always|keep|show|list|run|use)|note for the future|for me,|(in )?general(ly)?,? (just )?(show|give|tell|keep|write)|just (show|give|tell) me|no need to (explain|tell|show|ask)|before you (tell|say|report|claim|commit|push|open)|(from now on|going forward|next time|in future)\b)/i;
const REJECTED =
  /\b(revert|reverted|roll(ed)? back|we dropped|drop (it|this|that)|forget|pull .{1,40} out|park|parked|rejected|ruled out|is out\b|not worth|too (slow|much|heavy)|broke|was slower)\b/i;
const DEFERRED = /\b(later|for now|until|not yet|postpone|deferred|park|parked)\b/i;
const CONVENTION =
  /\b(always|never|convention|rule( here)?:|we (use|keep|stay)|only\b|every (time|\w+ is)|no \w+( \w+)? (anywhere|in|on|ever)|\w+ ever\b|must|don't|do not|should (be|always|never|use|go|live|start)|(start|begin)s? with|before (every|each|any) \w+|(from now on|going forward|in this repo)\b|[\w.@/-]+, not (the |a )?[\w.@/-]+)/i;
const CHOICE =
  /\b(we (chose|picked|decided|go with|went with|settled on)|decision:|decided|go with|chose|picked|over \w[\w.-]* (because|since)|instead|rather than|(migrate|switch|move|moving|switching|migrating) (everything |it all |all of it )?(to|over to)|stick (with|to)|let'?s (use|go|do|keep|stay))/i;
/** "nah, minitest." — a pick said in one word, whatever reasons follow it. */
const TERSE_CHOICE = /^(nah|no|nope),? (just )?[\w.@/-]+([.!]|$)/i;

const sentenceOf = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Key words a hurried person misspells ("alwyas", "nver"): read as the word they meant. */
const CUE_WORDS = ['always', 'never', 'prefer'];
function fixedCueTypos(text: string): string {
  return text.replace(/\b[a-z]{4,7}\b/gi, (word) => {
    const lower = word.toLowerCase();
    const meant = CUE_WORDS.find((cue) => cue !== lower && oneEditApart(lower, cue));
    return meant ?? word;
  });
}

/** One insertion, deletion, substitution or swap of neighbours apart. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length)
    return (
      a.slice(i + 1) === b.slice(i + 1) ||
      (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
    );
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** A short yes to what the assistant just proposed: the proposal is what was settled. */
const AGREEMENT =
  /^(yes|yep|yeah|ok(ay)?|sure|sounds good|lgtm|agreed|go (for it|ahead)|do it|do that|please do|ship it)\b[^?]{0,40}$/i;
/** An assistant sentence that proposes a choice for the person to take. */
const PROPOSAL =
  /\b(i'?d (go|use|pick|suggest|recommend)|i (would|suggest|recommend|propose)|shall i|should i|should we|let'?s|we could|my (pick|suggestion|recommendation))\b/i;

/** The assistant's sentence that proposed what a short yes agreed to, or null. */
function proposalBefore(turns: readonly DigestTurn[], index: number): string | null {
  const previous = turns[index - 1];
  if (!previous || previous.role !== 'assistant') return null;
  const sentences = sentenceOf(previous.text).split(/(?<=[.!?])\s+/);
  const proposal = [...sentences].reverse().find((sentence) => PROPOSAL.test(sentence));
  return proposal ? proposal.slice(0, 300) : null;
}

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
  for (const [index, turn] of turns.entries()) {
    if (turn.role !== 'user') continue;
    const said = sentenceOf(turn.text);
    const trace = { sessionId, turnSeq: turn.seq, occurredAt: turn.occurredAt };
    const id = `${sessionId}#${turn.seq}`;
    const agreedTo = AGREEMENT.test(said) ? proposalBefore(turns, index) : null;
    if (agreedTo) {
      decisions.push({
        ...trace,
        id,
        topic: `Agreed: ${agreedTo}`,
        stance: 'chose',
        rationale: '',
      });
      continue;
    }
    if (said.length < 12 || said.length > 600 || said.includes('```')) continue;
    const text = fixedCueTypos(said);
    if (PREFERENCE.test(text)) {
      preferences.push({ ...trace, id, content: said });
      continue;
    }
    const stance: DecisionStance | null = TERSE_CHOICE.test(text)
      ? 'chose'
      : REJECTED.test(text)
        ? DEFERRED.test(text) && !/\brevert/i.test(text)
          ? 'deferred'
          : 'rejected'
        : CHOICE.test(text)
          ? 'chose'
          : CONVENTION.test(text)
            ? 'convention'
            : null;
    if (stance !== null) decisions.push({ ...trace, id, topic: said, stance, rationale: '' });
  }
  return { decisions, preferences };
}
