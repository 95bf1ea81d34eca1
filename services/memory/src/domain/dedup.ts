import {
  meaningSimilarity,
  meaningWords,
  openingName,
  sameMeaning,
  type MeaningWord,
} from '@mnemo/llm';
import type { CandidateFact, ExistingFact } from './memory-fact';

/** Two facts whose token sets have a Dice coefficient at or above this are the same fact reworded. */
export const NEAR_DUPLICATE_THRESHOLD = 0.8;

// Words that carry no meaning of their own. Negations ("not", "never", "no") are kept on purpose:
// "wants kids" and "never wants kids" must not collapse into one token set.
const STOP_WORDS = new Set(
  (
    'a an the and or but of to in on at for with from by as is are was were be been being am it its this that these those ' +
    'i me my mine he him his she her hers they them their we us our you your user person s has have had do does did ' +
    'will would should could can may might very really just also so than then there here about into over'
  ).split(' '),
);

/** Lowercase, apostrophes folded, punctuation stripped, whitespace collapsed, stop words dropped. */
export function normalizeFactText(text: string): string {
  return tokens(text).join(' ');
}

function tokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w.length > 0 && !STOP_WORDS.has(w));
}

/**
 * How alike two facts are by their meaning words, in [0, 1] (docs/memory.md, "Near-duplicates"): lemmas, so
 * "a love for horses" and "loves horses" share their words, and WordNet's most common senses, so "films"
 * and "movies" do; a negation on one side only makes them unlike.
 */
export function factSimilarity(a: string, b: string): number {
  const left = new Set(tokens(a));
  const right = new Set(tokens(b));
  // All stop words on both sides: only the same wording counts as the same fact.
  if (left.size === 0 || right.size === 0)
    return left.size === right.size && a.trim().toLowerCase() === b.trim().toLowerCase() ? 1 : 0;
  return meaningSimilarity(a, b);
}

/**
 * The existing fact a candidate restates: same factType, same dedup scope (source session), most similar
 * at or above the threshold; the first one wins a tie. Null when the candidate is new.
 */
export function findNearDuplicate<T extends ExistingFact>(
  candidate: Pick<CandidateFact, 'factType' | 'content' | 'sourceSession'>,
  existing: readonly T[],
  threshold = NEAR_DUPLICATE_THRESHOLD,
): T | null {
  let best: T | null = null;
  let bestScore = -1;
  for (const fact of existing) {
    if (fact.factType !== candidate.factType || fact.sourceSession !== candidate.sourceSession)
      continue;
    const score = factSimilarity(candidate.content, fact.content);
    if (score >= threshold && score > bestScore) {
      best = fact;
      bestScore = score;
    }
  }
  return best;
}

/** Words any two facts may share that name no subject of their own. */
const GENERIC_WORDS = new Set(
  'day week month year time weekend morning evening night thing lot bit way people start go make take want plan decide now again back still instead'.split(
    ' ',
  ),
);

/**
 * How many of the older fact's subject words (meaning words, as near-duplicates compare them, less
 * times, counts and words any fact may have) the newer one says, and out of how many: what a change of
 * mind is about (docs/memory-facts.md, "change of mind by meaning").
 */
export function sharedSubjectWords(newer: string, older: string): { shared: number; of: number } {
  const words = (text: string) =>
    meaningWords(text).filter((w) => !GENERIC_WORDS.has(w.lemma) && !/^\d+$/.test(w.lemma));
  const mine = words(newer);
  const theirs = words(older);
  return {
    shared: theirs.filter((w) => mine.some((o) => sameMeaning(o, w))).length,
    of: theirs.length,
  };
}

/**
 * What a change of mind says was given up, when it names it (docs/memory-facts.md, "change of mind by
 * what was dropped"): "switched from coffee to green tea", "swims instead of running", "is not vegan
 * anymore", "quit the cello", "on Tuesdays now, not Thursdays". The phrase after the marker, up to the
 * next clause.
 */
const DROPPED: readonly RegExp[] = [
  // Only a change says "from X to": a drive, a route, a range or a copy "from X to Y" drops nothing.
  /\b(?:switched|switching|switches|changed|changing|moved|moving|swapped|swapping|migrated|migrating|converted|upgraded|downgraded|transitioned|ported)(?: \w+){0,3}? from (.+?) to\b/i,
  /\binstead of (.+?)(?=[,.;!?]|$|\b(?:because|and|but|as|since|so)\b)/i,
  /\brather than (.+?)(?=[,.;!?]|$|\b(?:because|and|but|as|since|so)\b)/i,
  /\b(?:not|no longer|never) (.+?) any ?more\b/i,
  /\bno longer (.+?)(?=[,.;!?]|$|\b(?:because|and|but|as|since|so)\b)/i,
  /\b(?:quit|quits|stopped|stops|dropped|drops|gave up|given up|giving up|cancell?ed|called off|sold|ditched|ditches)(?: on)? (.+?)(?=[,.;!?]|$|\b(?:because|and|but|after|as|since|so|to|for|when)\b)/i,
  // ", not X" drops X only beside a word of change ("on Tuesdays now, not Thursdays"); alone it compares
  // ("likes tea, not coffee") or lists, and gives nothing up.
  /\b(?:now|these days|any ?more|instead|switched|moved|changed)\b.*?, not (.+?)(?=[,.;!?]|$)|, not (.+?)(?=[,.;!?]|$).*\b(?:now|these days|any ?more|instead|switched|moved|changed)\b/i,
  // A day moved: what was moved is what the older fact dated ("moved the wedding to…", "their review was pushed to…").
  /\b(?:moved|pushed|postponed|rescheduled|put back|brought forward|bumped|delayed)(?: back| forward)? (?:the |their |his |her |my |our )?((?!to\b)[^,.;]+?) (?:to|until|till)\b/i,
  /^(?:the |their |his |her )?([^,.;]+?) (?:was|were|has been|is|got) (?:moved|pushed|postponed|rescheduled|put back|brought forward|bumped|delayed)\b/i,
];

/** Words a dropped phrase may hold that name nothing dropped of their own. */
const DROPPED_GENERIC = new Set(
  'day week month year time thing lot bit way plan idea want go make take start now again back still instead since until before after during through yet sure'.split(
    ' ',
  ),
);
const TIME_WORDS =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|evening|night|afternoon|weekend|january|february|march|april|may|june|july|august|september|october|november|december|\d+(?:am|pm)?)$/;

/** A wish, a condition or a maybe ("would take the train instead of flying if…"): nothing was given up. */
export const HYPOTHETICAL =
  /\b(?:would|could|might|if|maybe|perhaps|considering|thinking (?:of|about)|wondering)\b|\b\w+'d\b/i;

/** The meaning words of what the change gives up; none when it names nothing (or only times and such). */
export function droppedWords(content: string): MeaningWord[] {
  if (HYPOTHETICAL.test(content)) return [];
  for (const pattern of DROPPED) {
    const found = pattern.exec(content);
    const phrase = found?.[1] ?? found?.[2];
    if (!phrase) continue;
    const words = meaningWords(phrase).filter(
      (w) => !DROPPED_GENERIC.has(w.lemma) && w.lemma !== 'not' && !/^\d+$/.test(w.lemma),
    );
    if (words.length > 0) return words;
  }
  return [];
}

/**
 * How much of what was dropped an older fact says: the share of the dropped words it has, 0 unless it has
 * half of them at least. A time alone ("not Thursdays") is too thin to name a fact: it needs one more word
 * in common with the older fact beside it.
 */
export function droppedShare(
  dropped: readonly MeaningWord[],
  newer: string,
  older: string,
): number {
  if (dropped.length === 0) return 0;
  const theirs = meaningWords(older);
  const said = dropped.filter((w) => theirs.some((o) => sameMeaning(o, w)));
  if (said.length === 0 || said.length * 2 < dropped.length) return 0;
  if (said.every((w) => TIME_WORDS.test(w.lemma))) {
    const mine = meaningWords(newer).filter(
      (w) => !TIME_WORDS.test(w.lemma) && !DROPPED_GENERIC.has(w.lemma) && w.lemma !== 'not',
    );
    if (!mine.some((w) => theirs.some((o) => sameMeaning(o, w)))) return 0;
  }
  return said.length / dropped.length;
}

/** What a person eats or not, one state at a time: a newer diet replaces the older. */
const DIET =
  /\b(?:vegan|vegetarian|pescatarian|pescetarian|flexitarian|plant-based|keto|(?:eats?|eating) (?:meat|fish|dairy)|(?:gluten|dairy)-free)\b/i;
/** A diet's word said of a dish or a place ("cooked a vegan lasagne", "a vegetarian restaurant"): no diet of the person's. */
const DISH =
  /\b(?:vegan|vegetarian|pescatarian|plant-based|keto|gluten-free|dairy-free) (?!(?:diet|for|since|now|again|any|anymore|these|and|but|too|as|in|at|on|by|with|from|after|before|because|so|or|nowadays|though)\b)[a-z]{3,}/i;
/** Where a person works from, one place at a time: home, the office, remote, hybrid. */
const WORK_PLACE =
  /\b(?:works?|working|worked) (?:from|at) (?:home|the office|the studio)\b|\b(?:works?|working) (?:remotely|hybrid)\b|\bremote work\b/i;
/** "Their favourite show is…", "fav band these days": what the favourite is of. */
const FAVOURITE = /\b(?:favou?rite|fav|fave) ([a-z]+(?: [a-z]+)?)\b/i;

/**
 * The slot a fact fills when it names one only by its wording (docs/memory-facts.md, "Subjects"): a
 * favourite of something (`favourite:show`, lemmatised), the person's diet, where they work from. Both
 * adapters' facts and stored ones get it the same way, so a later session that states the new value
 * without naming the old one still replaces it. Undefined when the wording fills no such slot.
 */
export function slotOf(content: string): string | undefined {
  const favourite = FAVOURITE.exec(content)?.[1];
  if (favourite) {
    const [thing] = meaningWords(favourite).filter((w) => !DROPPED_GENERIC.has(w.lemma));
    if (thing) return `favourite:${thing.lemma}`;
  }
  if (DIET.test(content) && !DISH.test(content)) return 'diet';
  if (WORK_PLACE.test(content)) return 'work-place';
  return undefined;
}

/** People a fact may be about instead of the person: "Their sister is not vegan anymore". */
const OTHERS =
  'sister|sis|brother|bro|mum|mom|mother|dad|father|parents?|partner|wife|husband|boyfriend|girlfriend|fianc[eé]e?|' +
  'son|daughter|kids?|child|children|baby|friend|friends|colleague|colleagues|co-?worker|boss|manager|cousin|aunt|' +
  'uncle|niece|nephew|grandma|grandmother|gran|nan|grandad|grandpa|grandfather|neighbou?r|flatmate|roommate|housemate|' +
  'teammate|in-laws|stepdad|stepmum|stepmom';
const OTHER_HOLDER = new RegExp(
  `^(?:[^:]{1,30}: )?(?:(?:their|his|her|my|our|a|an|one of their|one of his|one of her) )(?:\\w+ )?(${OTHERS})\\b`,
  'i',
);

/** A clause whose subject is someone else: "their husband switched from beer to wine", "she's hooked now". */
const OTHER_CLAUSE = new RegExp(
  `^(?:(?:(?:their|his|her|my|our|a|an|one of their) (?:\\w+ )?(?:${OTHERS})\\b)|(?:she|he|shes|hes|she's|he's)\\b)`,
  'i',
);
const CLAUSE_BREAK = /(\s*[,;]\s*|\s+(?:and|but|so|because|since|though|although|while|when)\s+)/i;

/** A stop on the way, which gives nothing up: "stopped at a café", "dropped the kids off", "dropped by the office". */
const STOP_ON_THE_WAY =
  /\b(?:stop|stops|stopped|stopping|drop|drops|dropped|dropping) (?:(?:by|at|in|into|off|over|round|around)\b|(?:\S+ ){1,4}off\b)/gi;

/**
 * The fact's wording less its clauses about someone else (docs/memory-facts.md, "who holds it") and its stops
 * on the way: "Eats salmon twice a week; their husband switched from beer to wine" and "stopped at the café for
 * lunch" say no change of the person's. Unchanged when every clause is the person's and there is no such stop.
 */
export function ownText(content: string): string {
  return ownClauses(content).replace(STOP_ON_THE_WAY, 'passed');
}

function ownClauses(content: string): string {
  const parts = content.split(CLAUSE_BREAK);
  const kept: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const clause = parts[i] ?? '';
    if (i > 0 && OTHER_CLAUSE.test(clause.trim())) continue;
    if (i > 0) kept.push(parts[i - 1] ?? ' ');
    kept.push(clause);
  }
  return kept.join('');
}

/** Holders already read, by wording: the planner asks for each pair of facts it compares. */
const HOLDERS = new Map<string, string>();
const HOLDERS_KEPT = 5_000;

/**
 * Whose the fact is (docs/memory-facts.md, "who holds it"): the person ("self"), or the other person
 * it opens with, by relation ("Their sister is not vegan anymore", "Their brother moved his wedding…", "A friend of
 * theirs stopped teaching") or by first name ("Sam is not vegan anymore"). A change of mind only ends a fact of the same holder.
 */
export function holderOf(content: string): string {
  const other = OTHER_HOLDER.exec(content.trim())?.[1]?.toLowerCase();
  if (other) return other.replace(/s$/, '');
  // Only a capitalised first word can be a name; the tagger is asked once per wording.
  if (!/^(?:[^:]{1,30}: )?\p{Lu}/u.test(content.trim())) return 'self';
  let holder = HOLDERS.get(content);
  if (holder === undefined) {
    const name = openingName(content);
    holder = name ? `name:${name}` : 'self';
    if (HOLDERS.size >= HOLDERS_KEPT) HOLDERS.clear();
    HOLDERS.set(content, holder);
  }
  return holder;
}
