/** A turn as the rules read it: who said it, what, and where it sits. */
export interface SettledTurn {
  seq: number;
  role: string;
  text: string;
  occurredAt: string;
}

/** chose → ✅, rejected → ⛔, deferred → ⏸️; a convention is a standing choice. */
export type SettledStance = 'chose' | 'rejected' | 'deferred' | 'convention';

/** Where a statement was said: its session and turn, and when. */
interface SettledTrace {
  sessionId: string;
  turnSeq: number;
  occurredAt: string;
}

/** A decision or convention, its id the session and turn (and rule number) it came from. */
export interface SettledDecision extends SettledTrace {
  id: string;
  topic: string;
  stance: SettledStance;
  rationale: string;
}

/** A way of working, in the person's words. */
export interface SettledPreference extends SettledTrace {
  id: string;
  content: string;
}

/**
 * What a person settles in coding talk, read from their own words, zero-LLM: a choice
 * ("we chose X over Y because …", "go with X", "decision: …"), a standing rule ("always …", "never …",
 * "convention: …", "we use X, not Y"), a rejected approach ("revert it, …", "we dropped X", "forget X, we stay
 * on Y") and a way of working ("I prefer …", "please keep …"). One sentence-level line each, traced to its turn.
 * Offline extraction into memories (memory service) covers the same talk; the digest drops whichever says a
 * thing twice.
 */
const PREFERENCE =
  /\b((keep|make) (it|them|the \w+) (short|brief|concise|terse)|max(imum)? ~?\d+ (lines|words|bullets)|i review (on|in|from)|i prefer|i like|i want|i'd like|i would like|please (always|keep|show|list|run|use)|note for the future|for me,|(in )?general(ly)?,? (just )?(show|give|tell|keep|write)|just (show|give|tell) me|no need to (explain|tell|show|ask)|before you (tell|say|report|claim|commit|push|open)|(from now on|going forward|next time|in future)\b)/i;
const REJECTED =
  /\b(revert|reverted|roll(ed)? back|we dropped|drop (it|this|that)|(dropped|removed|ditched|scrapped) (it|this|that|them)|(is|was|got) (dropped|removed|ditched|scrapped)(?=[.,;:!]|$)|tried\b.{1,120}\b(dropped|removed|went back|go back|gave up)|forget|pull .{1,40} out|park|parked|rejected|ruled out|is out\b|not worth|too (slow|much|heavy)|broke|was slower)\b/i;
const DEFERRED = /\b(later|for now|until|not yet|postpone|deferred|park|parked)\b/i;
const CONVENTION =
  /\b(always|never|convention|rule( here)?:|we (use|keep|stay)|only\b|every (time|\w+ is)|no \w+( \w+)? (anywhere|in|on|ever)|\w+ ever\b|must|don't|do not|should (be|always|never|use|go|live|start)|(start|begin)s? with|before (every|each|any) \w+|even (if|when)|whenever|(from now( on)?|going forward|in this repo|(applies|apply) to (every|all))\b|[\w.@/-]+, not (the |a )?[\w.@/-]+)/i;
/**
 * A rule said as a complaint about what keeps happening ("stop putting logic in controllers", "who keeps
 * pinning images to latest", "why is there a query in the blade again") or as a bare ban opening a sentence
 * ("no default exports, I grep for names"; docs/context.md).
 */
const COMPLAINED =
  /\b(stop (to \w+|\w+ing)|who keeps|how many times|i (keep|always) (finding|seeing)|i said (it|that|this|so)( \w+)? (already|before)|(again|still) you \w+|(why|what) (is|are|do|does) .{1,50}\bagain)\b|(^|[.!;]\s+|\b(btw|also|but|pls|please),?\s+)no (?!(need|idea|luck|problem|problems|worries|way|clue|rush|matter|thanks|one|more|longer|change|changes|difference|issue|issues|error|errors|result|results|test|tests|output|worry|big|real)\b)[a-z][\w-]+/i;
/** "not database" after a pick: "queue driver redis. not database." */
const NOT_THAT =
  /[\w@/-]+[,.] not (the |a )?(?!(sure|now|yet|really|needed|working|bad|good|so|that|this|much|very|too|quite|only|just|for|in|on|at|to|a|the|me|it)\b)[\w.@/-]+/i;
const CHOICE =
  /\b(we (chose|picked|decided|go with|went with|settled on)|decision:|decided|go with|chose|picked|over \w[\w.-]* (because|since)|instead|rather than|(migrate|switch|move|moving|switching|migrating) (everything |it all |all of it )?(to|over to)|stick (with|to)|let'?s (use|go|do|keep|stay))/i;
/**
 * A choice said as what was already done: "switched the CI to pnpm myself, yarn kept breaking", "I have
 * replaced clap derive by argh", "we move the join step to duckdb".
 */
const DONE_CHOICE =
  /((^|[.!;:]\s+)(switched|moved|migrated|swapped|replaced|ported)|\b(we|i)('ve| have| had)?( just| already| now)? (switch(ed)?|mov(e|ed)|migrat(e|ed)|swap(ped)?|replac(e|ed)|port(ed)?))\b[^.!?]{0,60}?\b(to|by|with|for)\b/i;
/** Words after "no" or "not" that name no option: "not sure", "no problem", "no idea". */
const NOT_A_NAME = String.raw`(?!(?:sure|now|yet|really|needed|working|bad|good|so|that|this|much|very|too|quite|only|just|for|in|on|at|to|a|the|me|it|need|idea|luck|problem|problems|worries|way|clue|rush|matter|thanks|one|more|longer|change|changes|difference|issue|issues|error|errors|worry|big|real|exactly|entirely|always|again|anymore|today|here)\b)`;
/**
 * An option refused by name at a reply's opening: "not celery, the workers stopped consuming …", "no STI. we
 * had it in the old app …". A comma after the no ("no, minitest.") is a pick instead (TERSE_CHOICE).
 */
const REFUSED = new RegExp(String.raw`^(?:not|no)\s+${NOT_A_NAME}[a-z][\w.@/+-]*\s*[,.;:!]`, 'i');
/** "nah, minitest." — a pick said in one word, whatever reasons follow it. */
const TERSE_CHOICE = new RegExp(
  String.raw`^(nah|no|nope),? (just )?${NOT_A_NAME}[\w.@/-]+([.!]|$)`,
  'i',
);

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

/** A yes to what the assistant just proposed, maybe with the person's own restatement after it. */
const AGREEMENT =
  /^(?:(?:hmm+|well|so|right)[.,!]*\s+)?(?:i guess |i think )?(?:yes|yep|yeah|ok(?:ay)?|sure|sounds good|lgtm|agreed|go (?:for it|ahead|with (?:that|it|this))|do it|do that|please do|ship it|(?:that )?makes sense|works for me|good idea|deal|yup|kk?|alright|fine|cool|perfect|great|proceed|approved|fair enough|👍)(?![\w-])/i;
/** A sentence that is only a sound of thinking ("hmm.", "well,"). */
const INTERJECTION = /^(hmm+|well|so|right|ok(ay)?|yes|yeah)[.!,]*$/i;

/** A sentence without the assent it opens with: "ok, koin." → "koin."; "yes do that." → "". */
function withoutAssent(sentence: string): string {
  let rest = sentence.trim();
  for (let match = AGREEMENT.exec(rest); match && match[0]; match = AGREEMENT.exec(rest))
    rest = rest.slice(match[0].length).replace(/^[\s,.!:;-]+/, '');
  return /^[\s\p{P}]*$/u.test(rest) ? '' : rest;
}

/** An assistant sentence that proposes a choice for the person to take. */
const PROPOSAL =
  /\b(i'?d (go|use|pick|suggest|recommend|rather|do|switch|move|keep|stick|replace|take|prefer)|i'?ll (go|use|move|switch|pick|take|keep|write|put)|i (would|suggest|recommend|propose)|shall i|should i|should we|let'?s|we could|how about|my (pick|suggestion|recommendation|vote)|could (use|do|go|try|move|switch)|(one|an|the (simple|light|lighter|safer|cheaper|better)) option is)\b/i;
/** A rejection's strong words: said with "later" it is still a rejection, not a deferral. */
const ABANDONED =
  /\b(revert|abandon|remove it|drop (it|this|that)|forget|not the way|stop (this|the) (branch|work|attempt)|scrap|ditch|throw (it )?away|give up|dead end|let'?s not|rather not|no go)\b/i;

const sentencesOf = (text: string): string[] =>
  sentenceOf(text)
    .split(/(?<=[.!?])\s+(?=\S)/)
    .filter((sentence) => sentence.length > 0);
/** Asked, with or without its mark: "what should we use for db access", "should we cache it". */
const ASKED =
  /^(?:(?:what|which|how|why|where|who)\s+(?:should|shall|do|does|did|is|are|can|could|would|will)|(?:should|shall|can|could)\s+(?:we|i))\b/i;
const isQuestion = (sentence: string): boolean =>
  sentence.trimEnd().endsWith('?') || ASKED.test(sentence.trim());

/** A line's room for what was settled; a longer turn is read from the sentence that settles it. */
const STATEMENT_ROOM = 160;
/** The reason said before a settling sentence is kept to about what a line shows of it. */
const REASON_ROOM = 150;

/**
 * What the person settled: the whole turn when it fits a line (its first sentence often names the subject:
 * "Never use count for replicas, use for_each. Revert."), else from the sentence that says it, with the
 * sentence before it as the reason ("RDS made a new secret in Secrets Manager … reverted the change").
 */
function fromCue(said: string, cue: RegExp): { topic: string; reason: string } {
  if (said.length <= STATEMENT_ROOM) return { topic: said, reason: '' };
  const sentences = sentencesOf(said);
  const at = sentences.findIndex((sentence) => cue.test(fixedCueTypos(sentence)));
  if (at <= 0) return { topic: said, reason: '' };
  // the sentences before it, back to a line's room: "tried Livewire for the admin tables. removed. too slow …"
  let from = at - 1;
  while (from > 0 && sentences.slice(from - 1, at).join(' ').length <= REASON_ROOM) from -= 1;
  return { topic: sentences.slice(at).join(' '), reason: sentences.slice(from, at).join(' ') };
}

/** The assistant's proposal a yes agreed to, with the reason the same turn gave for it (after it, else before it). */
function proposalBefore(
  turns: readonly SettledTurn[],
  index: number,
): { proposal: string; reason: string } | null {
  const previous = turns[index - 1];
  if (!previous || previous.role !== 'assistant') return null;
  const sentences = sentencesOf(previous.text);
  const at = sentences.findLastIndex(
    (sentence) => PROPOSAL.test(sentence) && !/\b(does|do) that work\b/i.test(sentence),
  );
  const proposal = sentences[at];
  if (at < 0 || proposal === undefined) return null;
  const after = sentences.slice(at + 1).filter((sentence) => !isQuestion(sentence));
  const before = sentences.slice(0, at).filter((sentence) => !isQuestion(sentence));
  return {
    proposal: proposal.slice(0, 300),
    reason: (after.length > 0 ? after : before).join(' '),
  };
}

/** Words that answer "A or B?" without naming a thing to use ("now or later", "this or that"). */
const NOT_A_PICK = new Set(
  'now later yes no both either neither this that it one all not none first second other'.split(
    ' ',
  ),
);
/** Words that open an enumerated option without naming it: "(b) drop Hilt for Koin", "(a) a lock table". */
const ENUMERATION_WORDS = new Set(
  'the and with for via use using add move drop keep make switch replace write run put'.split(' '),
);
const bare = (word: string): string => word.replace(/^[^\w@./-]+|[^\w@/+-]+$/g, '').toLowerCase();

/**
 * The option a reply picks from the assistant's "A or B" just before it ("Flyway or Liquibase." →
 * "Flyway. Plain SQL migrations are easier to review."): the reply opens with one of the options.
 */
function pickFrom(turns: readonly SettledTurn[], index: number, said: string): string | null {
  const previous = turns[index - 1];
  if (!previous || previous.role !== 'assistant') return null;
  const listed = [...previous.text.matchAll(/\((?:[a-e]|\d)\)\s+([^,;:(]{2,60})/gi)].flatMap(
    (match) =>
      (match[1] ?? '')
        .split(/[\s-]+/)
        .slice(0, 3)
        .map(bare)
        .filter((word) => word.length >= 3 && !ENUMERATION_WORDS.has(word)),
  );
  const options = new Set(
    [...previous.text.matchAll(/([\w@./+-]+)\s+or\s+([\w@./+-]+)/gi)]
      .flatMap((match) => [bare(match[1] ?? ''), bare(match[2] ?? '')])
      .concat(listed)
      .filter((word) => word.length >= 2 && !NOT_A_PICK.has(word)),
  );
  // "hmm. quartz clustered I guess": the pick after a sound of thinking
  const words = said.split(' ');
  const first = bare((INTERJECTION.test(words[0] ?? '') ? words[1] : words[0]) ?? '');
  return options.has(first) ? first : null;
}

/** What the assistant found just before a rejection: usually why it was rejected ("failed with LockBusy …"). */
function evidenceBefore(turns: readonly SettledTurn[], index: number): string {
  const previous = turns[index - 1];
  if (!previous || previous.role !== 'assistant') return '';
  return sentencesOf(previous.text)
    .filter((sentence) => !isQuestion(sentence))
    .slice(0, 2)
    .join(' ');
}

/** "1. … 2. … 3. …": each numbered rule is its own line. */
function numberedItems(text: string): string[] {
  const items = text.split(/(?:^|\s)\d{1,2}[.)]\s+/).map((item) => item.trim());
  return items.length >= 3 ? items.filter((item) => item.length >= 8) : [];
}

function stanceOf(text: string): SettledStance | null {
  if (REFUSED.test(text)) return 'rejected';
  if (TERSE_CHOICE.test(text)) return 'chose';
  if (REJECTED.test(text) || ABANDONED.test(text))
    return DEFERRED.test(text) && !ABANDONED.test(text) ? 'deferred' : 'rejected';
  if (CHOICE.test(text)) return 'chose';
  if (CONVENTION.test(text) || COMPLAINED.test(text) || NOT_THAT.test(text)) return 'convention';
  return DONE_CHOICE.test(text) ? 'chose' : null;
}

/** Words that report a problem as much as they reject ("took 20 min to roll back", "is too slow again"). */
const REPORTED = /\b(too (slow|much|heavy)|broke|was slower|roll(ed)? back)\b/gi;

/**
 * A turn that reports a problem and ends asking what to do ("bad release took 20 min to roll back. canary?")
 * rejects nothing: its only rejection words are the report's.
 */
function reportsAndAsks(said: string, text: string, stance: SettledStance): boolean {
  if (stance !== 'rejected' || !isQuestion(sentencesOf(said).at(-1) ?? '')) return false;
  const rest = text.replace(REPORTED, ' ');
  return !REJECTED.test(rest) && !ABANDONED.test(rest);
}

const cueOf: Record<SettledStance, RegExp> = {
  chose: new RegExp(`${CHOICE.source}|${DONE_CHOICE.source}`, 'i'),
  convention: new RegExp(`${CONVENTION.source}|${COMPLAINED.source}|${NOT_THAT.source}`, 'i'),
  rejected: new RegExp(`${REFUSED.source}|${REJECTED.source}|${ABANDONED.source}`, 'i'),
  deferred: DEFERRED,
};

export interface SettledStatements {
  decisions: SettledDecision[];
  preferences: SettledPreference[];
}

export function settledStatements(
  sessionId: string,
  turns: readonly SettledTurn[],
): SettledStatements {
  const decisions: SettledDecision[] = [];
  const preferences: SettledPreference[] = [];
  for (const [index, turn] of turns.entries()) {
    if (turn.role !== 'user') continue;
    const said = sentenceOf(turn.text);
    const trace = { sessionId, turnSeq: turn.seq, occurredAt: turn.occurredAt };
    const id = `${sessionId}#${turn.seq}`;
    const agreedTo =
      AGREEMENT.test(said) && !said.includes('?') && said.length <= 240
        ? proposalBefore(turns, index)
        : null;
    if (agreedTo) {
      // "I guess that makes sense, yes. Dapper for reads, EF for writes.": the person's own words, when they add some
      // a short yes says nothing of its own but a name it picks ("ok, koin."); a longer sentence is the person's
      const own = sentencesOf(said)
        .map((sentence) => {
          if (!AGREEMENT.test(sentence) || sentence.split(' ').length > 6) return sentence;
          const rest = withoutAssent(sentence);
          return rest.split(' ').length <= 2 ? rest : '';
        })
        .filter((sentence) => sentence !== '' && !INTERJECTION.test(sentence))
        .join(' ');
      const restated = own.split(' ').length >= 3 ? own : '';
      decisions.push({
        ...trace,
        id,
        topic: restated || agreedTo.proposal,
        stance: (restated && stanceOf(fixedCueTypos(restated))) || 'chose',
        // what the person restated is the proposal; the reason is what the line adds
        rationale: agreedTo.reason,
      });
      continue;
    }
    if (said.length <= 600 && !said.includes('?') && pickFrom(turns, index, said)) {
      decisions.push({ ...trace, id, topic: said, stance: 'chose', rationale: '' });
      continue;
    }
    if (said.length < 12 || said.length > 600 || said.includes('```')) continue;
    // a question settles nothing: "Maybe we could use X instead?" is asked, not decided (its words stay in the line)
    const text = fixedCueTypos(
      sentencesOf(said)
        .filter((sentence) => !isQuestion(sentence))
        .join(' '),
    );
    if (text.length < 12) continue;
    const rules = numberedItems(text);
    if (rules.length > 0 && (CONVENTION.test(text) || PREFERENCE.test(text))) {
      for (const [n, rule] of rules.entries())
        decisions.push({
          ...trace,
          id: `${id}.${n + 1}`,
          topic: rule,
          stance: 'convention',
          rationale: '',
        });
      continue;
    }
    if (PREFERENCE.test(text)) {
      preferences.push({ ...trace, id, content: said });
      continue;
    }
    const stance = stanceOf(text);
    if (stance === null || reportsAndAsks(said, text, stance)) continue;
    const { topic, reason } = fromCue(said, cueOf[stance]);
    const rationale =
      reason ||
      (stance === 'rejected' || stance === 'deferred' ? evidenceBefore(turns, index) : '');
    decisions.push({ ...trace, id, topic, stance, rationale });
  }
  return { decisions, preferences };
}
