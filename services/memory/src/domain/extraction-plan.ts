import {
  droppedShare,
  droppedWords,
  findNearDuplicate,
  NEAR_DUPLICATE_THRESHOLD,
  sharedSubjectWords,
  slotOf,
  holderOf,
  HYPOTHETICAL,
  ownText,
} from './dedup';
import {
  higherConfidence,
  type CandidateFact,
  type ConfidenceLevel,
  type ExistingFact,
  type FactSourceName,
} from './memory-fact';
import { classifySensitivity } from '@mnemo/memory-rules';

/** An unanswered proposal lapses after 14 days. */
export const PROPOSAL_LAPSE_DAYS = 14;

export interface PlannedFact extends CandidateFact {
  factId: string;
  source: FactSourceName;
}

/** What a reactor turns into MemoryFactExtracted / MemoryFactEdited / FactSuperseded / MemoryFactProposed. */
export type ExtractionWrite =
  | { kind: 'create'; fact: PlannedFact }
  | {
      kind: 'update';
      factId: string;
      content: string;
      confidence: ConfidenceLevel;
      occurredOn?: string;
    }
  | { kind: 'supersede'; factId: string; supersededBy: string; subject: string }
  | {
      kind: 'propose';
      proposalId: string;
      fact: PlannedFact;
      reason: string;
      proposedAt: string;
      lapsesAt: string;
    };

type Known = ExistingFact & { planned?: number };

/**
 * Decide what each validated candidate becomes, in order:
 * - a near-duplicate of a pending proposal: nothing, a proposal is offered once;
 * - sensitive and a near-duplicate of a stored fact: nothing, since rewording a fact the person confirmed
 *   needs their say again and re-proposing it would nag;
 * - sensitive and new: a proposal (its id is also the id the fact takes if confirmed);
 * - a near-duplicate of a stored fact: an update to the new wording with the higher confidence, or
 *   nothing when that changes nothing (so a redelivered extraction writes nothing twice);
 * - otherwise: a new fact; and when it sets a subject (home, job, a goal) that an older active fact set,
 *   the older one is superseded by it (moved city, changed job, dropped a goal).
 * Near-duplicates are looked for in the candidate's own session first, then among every fact passed in
 * (docs/memory-facts.md: a fact said again in a later session updates the one already kept). Candidates are also
 * deduplicated against each other. One pre-generated id is used per create or propose.
 */
export function planExtractionWrites(
  candidates: readonly CandidateFact[],
  existingFacts: readonly ExistingFact[],
  ids: readonly string[],
  now: Date,
  threshold = NEAR_DUPLICATE_THRESHOLD,
): ExtractionWrite[] {
  const writes: ExtractionWrite[] = [];
  const known: Known[] = existingFacts.map((f) => ({ ...f }));
  let nextId = 0;
  const takeId = (): string => {
    const id = ids[nextId++];
    if (id === undefined)
      throw new RangeError(`planExtractionWrites needs one id per new fact; got ${ids.length}`);
    return id;
  };

  for (const candidate of candidates) {
    const sensitivity = classifySensitivity(candidate);
    const match =
      findNearDuplicate(candidate, known, threshold) ??
      findNearDuplicate(
        candidate,
        known.map((k) => ({ ...k, sourceSession: candidate.sourceSession, of: k })),
        threshold,
      )?.of ??
      null;

    if (match) {
      if (match.kind === 'proposal' || sensitivity.sensitive) continue;
      const confidence = higherConfidence(match.confidence, candidate.confidence);
      if (match.content === candidate.content && match.confidence === confidence) continue;
      match.content = candidate.content;
      match.confidence = confidence;
      const planned = match.planned === undefined ? undefined : writes[match.planned];
      if (planned?.kind === 'create') {
        // Still unwritten: fold the restatement into the create instead of creating then editing.
        planned.fact = {
          ...planned.fact,
          content: candidate.content,
          confidence,
          ...mergedTurns(planned.fact, candidate),
        };
      } else {
        upsertUpdate(writes, {
          kind: 'update',
          factId: match.factId,
          content: candidate.content,
          confidence,
          ...(candidate.occurredOn ? { occurredOn: candidate.occurredOn } : {}),
        });
      }
      continue;
    }

    const fact: PlannedFact = {
      ...candidate,
      source: candidate.source ?? 'extraction',
      factId: takeId(),
    };
    const kind = sensitivity.sensitive ? 'proposal' : 'fact';
    known.push({ ...fact, kind, planned: writes.length });
    if (sensitivity.sensitive) {
      writes.push({
        kind: 'propose',
        proposalId: fact.factId,
        fact,
        reason: sensitivity.reason,
        proposedAt: now.toISOString(),
        lapsesAt: new Date(now.getTime() + PROPOSAL_LAPSE_DAYS * 86_400_000).toISOString(),
      });
    } else {
      writes.push({ kind: 'create', fact });
      if (endsLater(fact, now) || changesNothing(fact.content)) continue;
      const superseded = subjectOf(fact) ? supersedeOlder(writes, known, fact) : 0;
      if (
        superseded === 0 &&
        !supersedeDropped(writes, known, fact) &&
        changesMindFirmly(fact.content) &&
        !choiceOnly(fact.content)
      )
        supersedeByMeaning(writes, known, fact);
    }
  }
  return writes;
}

/** A past told as a story: "used to box", "when they were younger", "back then". */
const PAST_STORY =
  /\b(?:used to|when (?:i|they|he|she) (?:was|were) (?:younger|little|small|a (?:kid|child|teen(?:ager)?|student))|as a (?:kid|child|teen(?:ager)?)|back then|back in the day|in (?:my|their) (?:teens|twenties|thirties))\b/i;
/** A try or a near miss: "tried decaf", "went back to cow's milk for a week", "almost switched", "nearly went". */
const NOT_DONE =
  /\b(?:tried|trying|tries|almost|nearly)\b|\b(?:back to|switched to|went to|gave up|quit|stopped)\b[^,;.]{0,40}\bfor (?:a|one|a couple of) (?:day|days|week|weeks|weekend|bit|while|few days|few weeks)\b/i;

/**
 * Whether the fact ends nothing whatever it is about (docs/memory-facts.md, "what is no change"): a wish or a
 * maybe, a past told as a story, a try or a near miss. What it tells held, or holds, beside what is stored.
 */
const changesNothing = (content: string): boolean =>
  HYPOTHETICAL.test(content) || PAST_STORY.test(content) || NOT_DONE.test(content);

/**
 * Every other active fact that set the same subject gives way to the new one, and stops being matched;
 * except one said in the same turn: a turn that tells two sides of one subject ("I live in the dorm",
 * "I share a room there with Hanna") has not changed its mind between them.
 */
function supersedeOlder(writes: ExtractionWrite[], known: Known[], fact: PlannedFact): number {
  if (!replacesItsSubject(fact)) return 0;
  let superseded = 0;
  for (let i = known.length - 1, older = known[i]; older !== undefined; older = known[--i]) {
    if (!mayEnd(older, fact) || !sameSubject(subjectOf(older), subjectOf(fact))) continue;
    // A value is no slot: "Values honesty in a team" and "Joined a team at work" share a word, not a subject.
    if (older.factType === 'value') continue;
    writes.push({
      kind: 'supersede',
      factId: older.factId,
      supersededBy: fact.factId,
      subject: subjectOf(fact)!,
    });
    known.splice(i, 1);
    superseded++;
  }
  return superseded;
}

/** A job or home held beside the first ("a second job at a pub", "a caravan for weekends, keeping the flat"). */
const ALONGSIDE =
  /\b(?:second|also|as well|alongside|on the side|on top of|side (?:hustle|gig|job)|keeping the|holiday (?:home|cottage|flat|house|let))\b/i;

/**
 * Whether a fact that sets a subject replaces what the subject held (docs/memory-facts.md, "supersession"):
 * a second job or home is held beside the first, and a goal said again in other words ("Is hoping to be
 * matched with a child" after "Wants to adopt a child") is the same goal going on, not one given up; only
 * a change of mind ends a goal.
 */
function replacesItsSubject(fact: PlannedFact): boolean {
  const subject = subjectOf(fact) ?? '';
  if (fact.factType === 'value') return false;
  // "Celebrated their anniversary", "went together": a partner is replaced only by a change of status.
  if (subject === 'partner') return PARTNER_CHANGE.test(fact.content);
  // "Lived in Paris in 2019", "Was a waitress at uni": a home or job told in the past sets no current one.
  if ((subject === 'home' || subject.startsWith('job')) && PAST_STATE.test(fact.content))
    return false;
  // "Is a member of the climbing gym", "has been a vegetarian for ten years": a role said with no word of work
  // or of change is no new job; "is staying at their mum's this weekend" is no new home.
  if (subject.startsWith('job') && !JOB_SAID.test(fact.content)) return false;
  if (subject === 'home' && !HOME_SAID.test(fact.content)) return false;
  // "Sang a solo at the choir's Christmas concert" tells of the choir; only joining or leaving it changes it.
  if (subject.startsWith('activity:') && !ACTIVITY_CHANGE.test(fact.content)) return false;
  if (
    (subject === 'home' || subject === 'job' || subject.startsWith('job:')) &&
    ALONGSIDE.test(fact.content)
  )
    return false;
  if (subject.startsWith('goal:'))
    return (
      !GENERIC_AIMS.has(subject.slice(5)) &&
      ((changesMindFirmly(fact.content) && !choiceOnly(fact.content)) ||
        AIM_GIVEN_UP.test(fact.content))
    );
  return true;
}

/**
 * An aim named by a word any aim may have ("wants more time with family", "has no time for the gym") is no
 * subject of its own: two such facts share the word, not the goal.
 */
const GENERIC_AIMS = new Set(
  'time thing lot bit way day week month year people life work money something everything anything stuff place point idea plan goal'.split(
    ' ',
  ),
);
/** An aim said to be off: "does not want to…", "is never going to…", "decided not to…". */
const AIM_GIVEN_UP =
  /\b(?:(?:not|never|no longer) (?:want|wants|wanting|plan|plans|planning|going|aim|aiming|hope|hoping|interested|keen)|decided not|(?:does|do|did)n['’]?t (?:want|plan|aim|hope))\b/i;

/** What changes who the person is with. */
const PARTNER_CHANGE =
  /\b(?:married|marrying|engaged|divorced|divorcing|separated|broke up|broken up|split up|splitting up|single|started (?:dating|seeing)|moved in (?:together|with))\b/i;
/** A job said as one: a word of work, or of taking one up or leaving it. */
const JOB_SAID =
  /\b(?:work|works|working|job|jobs|employed|employer|career|role|position|post|now|new|these days|start|starts|started|starting|became|become|becoming|got|landed|accepted|took|joined|hired|promoted|switched|quit|quits|left|leaving|leave|resigned|retired|step(?:s|ped|ping)? down|no longer|any ?more)\b/i;
/** A home said as one: where the person lives, moves or has a new place, not where they stay a while. */
const HOME_SAID =
  /\b(?:live|lives|living|move|moves|moved|moving|relocat\w*|new (?:flat|house|apartment|home|place|cottage|bungalow)|bought (?:a|our|their) (?:flat|house|apartment|home|place|cottage|bungalow))\b/i;
/** Taking up or leaving a pastime or a group. */
const ACTIVITY_CHANGE =
  /\b(?:join|joins|joined|joining|rejoin\w*|quit|quits|quitting|left|leave|leaves|leaving|stop|stops|stopped|stopping|start|starts|started|starting|began|begin|begins|took up|taken up|taking up|no longer|any ?more|now|new|switched|gave up|given up|giving up|dropped|back)\b/i;
/** A home or job said in the past tense, with no word that it is new. */
const PAST_STATE =
  /^(?:[^:]{1,30}: )?(?:lived|worked|was|were|had been)\b(?!.*\b(?:now|new|since|moved|started|these days)\b)/i;

/** "Instead of …", "rather than …": the means or option passed over, up to the next clause. */
const PASSED_OVER = /\b(?:instead of|rather than)\b[^,.;]*/gi;

/**
 * Whether the only change the fact says is a choice between ways to one end ("apply for the internal
 * opening instead of looking outside the company"): the goal goes on, so the choice ends only a fact
 * that says what was passed over (`supersedeDropped`), never a goal or a fact it is merely about.
 */
const choiceOnly = (content: string): boolean => {
  const rest = content.replace(PASSED_OVER, '');
  return rest !== content && !changesMind(rest);
};

/** An ending ahead: "is going to stop working at the bakery in August", "will quit the choir". */
const ENDING_AHEAD =
  /\b(?:(?:is|are|am|'s|'re) (?:going|about|planning|set) to|will|'ll|plans? to|intends? to)(?: \w+)? (?:stop|leave|quit|give up|move out|retire|drop|resign|hand in|sell|cancel|close)\b/i;

/**
 * Whether the fact ends something only later (docs/memory-facts.md, "an ending ahead"): what it ends still holds
 * until its day, so it is kept as a plan and ends nothing while that day (or, undated, the plan) is ahead.
 */
function endsLater(fact: Pick<CandidateFact, 'content' | 'occurredOn'>, now: Date): boolean {
  if (!ENDING_AHEAD.test(fact.content)) return false;
  const on = fact.occurredOn;
  return !on || on >= now.toISOString().slice(0, on.length);
}

/** The subject a fact sets: the one it was given, else the slot its wording fills (favourite, diet, where they work). */
const subjectOf = (fact: Pick<CandidateFact, 'subject' | 'content'>): string | undefined =>
  fact.subject ?? slotOf(fact.content);

/**
 * Words that say the person changed course (docs/memory-facts.md, "Changes of mind"): dropped, stopped,
 * switched, called off, moved, back to, instead, after all, no longer.
 */
const CHANGE_OF_MIND =
  /\b(?:instead|after all|any ?more|no longer|not \w+ing|gave up|given up|giving up|called off|calls? off|(?:is|are|'s) off|dropped|drops|quit|quits|stopped|stops|switched|switches|changed (?:their|his|her|my) mind|decided against|back to|\w+ed back|again|cancell?ed|cancels|moved|moving|sold|selling|left|leaving|handed in|resigned|turned down|now)\b/i;
// A wish or a maybe ("would cycle instead of…if it were warmer") changes nothing yet, and neither does
// someone else's change told beside the person's fact ("…; their husband switched from beer to wine").
const changesMind = (content: string): boolean =>
  CHANGE_OF_MIND.test(ownText(content)) && !HYPOTHETICAL.test(content);

/**
 * The words that say a change outright, for a change matched by meaning alone (docs/memory-facts.md, "change
 * of mind by meaning"): with no subject to tie the two facts, "now", "again", "moved" or "left" say too
 * little ("Went to the lake again", "is in Hackney now", "their manager left").
 */
const FIRM_CHANGE =
  /\b(?:instead|after all|any ?more|no longer|gave up|given up|giving up|called off|calls? off|(?:is|are|'s) off|dropped|drops|quit|quits|stopped|stops|switched|switches|changed (?:their|his|her|my) mind|decided against|back to|\w+ed back|cancell?ed|cancels|handed in|resigned|turned down|moved (?:on |over )?to)\b/i;
const changesMindFirmly = (content: string): boolean =>
  changesMind(content) && FIRM_CHANGE.test(ownText(content));
/**
 * A change of mind that names no subject the rules know (a goal dropped, a decision reversed, a habit
 * stopped) supersedes the active fact it is most about: the older fact, said in another turn, whose
 * meaning words (lemmas and WordNet senses, as dedup compares) it shares most, two at least and a third
 * of the older fact's. "Stopped the morning walks with Mabel" ends "Walks round the park every morning
 * with Mabel"; "Has picked German back up" ends "Gave up learning German".
 */
function supersedeByMeaning(writes: ExtractionWrite[], known: Known[], fact: PlannedFact): void {
  let best = -1;
  let bestShare = 0;
  for (const [i, older] of known.entries()) {
    if (!mayEnd(older, fact)) continue;
    if (older.planned !== undefined && older.sourceSession === fact.sourceSession) continue;
    // A job or home ends by a fact that sets its subject; words in common only change a detail of it
    // ("moved to the day shift at St. Luke's" leaves "is a nurse at St. Luke's").
    if (/^(?:job|home)\b/.test(subjectOf(older) ?? '')) continue;
    const { shared, of } = sharedSubjectWords(fact.content, older.content);
    const share = of === 0 ? 0 : shared / of;
    if (shared >= 2 && share >= 1 / 3 && share > bestShare) {
      best = i;
      bestShare = share;
    }
  }
  endBest(writes, known, best, fact);
}

/**
 * A change of mind that names what it gives up ("switched from coffee to green tea", "is not vegan
 * anymore", "quit the cello") supersedes the active fact, said in another turn, that says most of it: the
 * older fact with the largest share of the dropped words, the latest on a tie. One word is enough here,
 * since the person named it as what they left.
 */
function supersedeDropped(writes: ExtractionWrite[], known: Known[], fact: PlannedFact): boolean {
  const dropped = droppedWords(ownText(fact.content));
  if (dropped.length === 0) return false;
  let best = -1;
  let bestShare = 0;
  for (const [i, older] of known.entries()) {
    if (!mayEnd(older, fact)) continue;
    const share = droppedShare(dropped, fact.content, older.content);
    if (share > 0 && share >= bestShare) {
      best = i;
      bestShare = share;
    }
  }
  return endBest(writes, known, best, fact);
}

/** Supersedes the known fact at `best` (if any) by `fact` and drops it from `known`; whether one ended. */
function endBest(
  writes: ExtractionWrite[],
  known: Known[],
  best: number,
  fact: PlannedFact,
): boolean {
  const older = known[best];
  if (!older) return false;
  writes.push({
    kind: 'supersede',
    factId: older.factId,
    supersededBy: fact.factId,
    subject: fact.subject ?? older.subject ?? 'change-of-mind',
  });
  known.splice(best, 1);
  return true;
}

/**
 * Whether two facts set the same thing. A job may be named by its place or not; an activity may be named longer one time than the other: leaving
 * "the choir" leaves "the community choir" (`activity:choir` is the tail of `activity:community-choir`),
 * while a book club and a running club stay two activities.
 */
export function sameSubject(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  if (a === b) return true;
  // "job" (no place said) is whichever job the person means; "job:bakery" and "job:st-luke-s" are two jobs.
  if ((a === 'job' && b.startsWith('job:')) || (b === 'job' && a.startsWith('job:'))) return true;
  // "the choir" and "the community choir", "the tapas place" and "a tapas place downtown": the shorter
  // name's words all in the longer one name the same job or pastime.
  if (a.startsWith('activity:') && b.startsWith('activity:'))
    return namesWithin(a.slice(9), b.slice(9));
  if (a.startsWith('job:') && b.startsWith('job:')) return namesWithin(a.slice(4), b.slice(4));
  return false;
}

function namesWithin(a: string, b: string): boolean {
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  const words = new Set(longer.split('-'));
  return shorter.split('-').every((w) => words.has(w));
}

/** A change of mind is the holder's own: a sister's diet or a brother's wedding ends none of the person's. */
const sameHolder = (
  a: Pick<CandidateFact, 'content'>,
  b: Pick<CandidateFact, 'content'>,
): boolean => holderOf(a.content) === holderOf(b.content);

/** Whether `fact` may end `older` at all: another stored fact (not a proposal) of the same holder, said in another turn. */
const mayEnd = (older: Known, fact: PlannedFact): boolean =>
  older.factId !== fact.factId &&
  older.kind !== 'proposal' &&
  !sameTurn(older, fact) &&
  sameHolder(older, fact);

const sameTurn = (
  a: Pick<CandidateFact, 'sourceSession' | 'sourceTurns'>,
  b: Pick<CandidateFact, 'sourceSession' | 'sourceTurns'>,
): boolean =>
  a.sourceSession === b.sourceSession &&
  (a.sourceTurns ?? []).some((t) => (b.sourceTurns ?? []).includes(t));

const mergedTurns = (planned: PlannedFact, candidate: CandidateFact) => {
  const turns = [
    ...new Set([
      ...(planned.sourceTurns ?? []),
      ...(candidate.sourceSession === planned.sourceSession ? (candidate.sourceTurns ?? []) : []),
    ]),
  ];
  return turns.length > 0 ? { sourceTurns: turns } : {};
};

function upsertUpdate(
  writes: ExtractionWrite[],
  update: Extract<ExtractionWrite, { kind: 'update' }>,
): void {
  // Two restatements of one stored fact in one batch end in a single edit, the last one.
  const at = writes.findIndex((w) => w.kind === 'update' && w.factId === update.factId);
  if (at >= 0) writes[at] = update;
  else writes.push(update);
}
