import { isoDay, dayLabel, type SourceTurn } from '../extraction/source-turn';
import type { ExtractedFact } from '../extraction/extracted-fact';
import { parse, termsOf, sentencesOf, type Doc, type Term } from './nlp';
import { affirmedStatement } from './affirmed-question';
import { resolveDates } from './resolve-dates';
import { cleanTurnText, tokenDice } from './text-tools';

export const MAX_PERSON_FACTS = 20;
/** Two statements whose content tokens overlap this much are one fact said twice. */
const SAME_FACT_DICE = 0.8;

const FIRST_PERSON = new Set([
  'i',
  'me',
  'my',
  'mine',
  'myself',
  'we',
  'us',
  'our',
  'ours',
  'ourselves',
]);
const SECOND_PERSON = new Set([
  'you',
  'your',
  'yours',
  'yourself',
  'yourselves',
  'u',
  'ya',
  'y’all',
  "y'all",
]);
const THIRD_PERSON = new Set([
  'it',
  'its',
  'they',
  'them',
  'their',
  'theirs',
  'he',
  'him',
  'his',
  'she',
  'her',
  'hers',
  'itself',
  'himself',
  'herself',
  'themselves',
]);
const DEMONSTRATIVE = new Set(['this', 'that', 'these', 'those']);
/** "these days", "that week": a demonstrative before a unit of time names a time, not something said before. */
const TIME_UNITS = new Set([
  'day',
  'days',
  'week',
  'weeks',
  'month',
  'months',
  'year',
  'years',
  'time',
  'times',
  'morning',
  'mornings',
  'evening',
  'evenings',
  'night',
  'nights',
  'weekend',
  'weekends',
  'summer',
  'winter',
  'spring',
  'autumn',
  'fall',
  'season',
]);
const THANKS = new Set(['thanks', 'thank', 'thx', 'ty', 'cheers']);
const MOOD_VERBS = new Set(['be', 'feel', 'sound', 'seem', 'look', 'get']);
const KIN = new Set(
  'wife husband partner spouse fiance fiancee boyfriend girlfriend son sons daughter daughters kid kids child children baby mother mom mum father dad parent parents brother brothers sister sisters sibling siblings grandmother grandma grandfather grandpa grandparents family aunt uncle cousin niece nephew friend friends bestie boss manager mentor colleague coworker coworkers dog cat puppy pets pet'.split(
    ' ',
  ),
);

/** The word a term's normal form starts with: `i'm` → `i`, `it's` → `it`. */
const head = (term: Term): string => term.normal.split(/['’]/)[0] ?? '';

type Verdict = { keep: false; why: string } | { keep: true };

/**
 * The fact rules (issue 11) that decide whether a sentence of the person's is a fact at all: a
 * self-contained statement about the person; not a greeting, question, thanks, offer or reply; nothing
 * addressed to or about the other speaker.
 */
export function judgeSentence(doc: Doc, terms: readonly Term[]): Verdict {
  const text = doc.text().trim();
  if (text.endsWith('?') || doc.questions().found) return { keep: false, why: 'question' };
  const words = terms.filter((t) => t.normal.length > 0);
  if (words.length < 4) return { keep: false, why: 'too short' };
  if (words.some((t) => SECOND_PERSON.has(head(t))))
    return { keep: false, why: 'about or to the other speaker' };
  if (words.some((t) => THANKS.has(head(t)))) return { keep: false, why: 'thanks' };
  if (!words.some((t) => FIRST_PERSON.has(head(t))))
    return { keep: false, why: 'not about the person' };
  if (head(words[0]) === 'if' || doc.has('^(maybe|perhaps)'))
    return { keep: false, why: 'hypothetical' };
  if (doc.has("(we should|let's|let us|(can|could|would|will) help|happy to help|glad to help)"))
    return { keep: false, why: 'offer' };
  if (doc.has('(want|wanted|like|need|would like) to (talk|chat|tell|ask|discuss|share)'))
    return { keep: false, why: 'about the conversation itself' };
  if (doc.has('^#Infinitive') && !FIRST_PERSON.has(head(words[0])))
    return { keep: false, why: 'a request' };

  const subjectWords = subjectWordsOf(doc);
  if (
    subjectWords.length > 0 &&
    subjectWords[0] !== '' &&
    !subjectWords.some((w) => FIRST_PERSON.has(w)) &&
    !subjectWords.some((w) => KIN.has(w))
  ) {
    return { keep: false, why: 'its subject is someone else' };
  }

  // A pronoun needs its noun earlier in the same sentence; otherwise the fact leans on what came before.
  let sawNoun = false;
  for (let i = 0; i < words.length; i++) {
    const term = words[i];
    const word = head(term);
    const isThird = THIRD_PERSON.has(word) && term.tags.includes('Pronoun');
    // "that idea", "this city": a demonstrative points outside the sentence unless it names a time ("this year").
    const next = words[i + 1];
    // After a verb ("I realized that painting helps …") "that" joins a clause; "I like that idea." points outside.
    const joinsClause =
      (words[i - 1]?.tags.includes('Verb') ?? false) &&
      (words[i + 2]?.tags.includes('Verb') ?? false);
    const afterVerb = joinsClause;
    const isDemonstrative =
      DEMONSTRATIVE.has(word) &&
      !afterVerb &&
      !term.tags.includes('Conjunction') &&
      !term.tags.includes('Preposition') &&
      !(next?.tags.includes('Date') ?? false) &&
      !TIME_UNITS.has(next?.normal ?? '');
    if ((isThird && !sawNoun) || isDemonstrative) {
      return { keep: false, why: `"${term.text}" refers outside the sentence` };
    }
    if (isContentNoun(term)) sawNoun = true;
  }
  if (!words.some(isContentNoun) && !words.some((t) => t.tags.includes('Gerund')))
    return { keep: false, why: 'says nothing about anything' };
  // All terms: the verb of "I'm a nurse" is the contraction's implicit "am", a term with no text of its own.
  if (!terms.some((t) => t.tags.includes('Verb'))) return { keep: false, why: 'no verb' };

  // "I'm so excited", "I feel great today": a passing mood, not a durable fact.
  const verbDoc = doc.verbs().json() as Array<{ verb?: { infinitive?: string } }>;
  const onlyVerb = verbDoc.length === 1 ? verbDoc[0]?.verb?.infinitive : undefined;
  // An -ing word after the copula is a progressive verb that compromise tags as an adjective ("I'm still living in …").
  const progressive = doc.has('#Copula still? #Adverb? /ing$/');
  if (
    onlyVerb &&
    MOOD_VERBS.has(onlyVerb) &&
    !progressive &&
    doc.has('(#Copula|feel|feeling|felt) #Adverb? #Adjective') &&
    !doc.has('#Copula #Determiner')
  ) {
    return { keep: false, why: 'a passing mood' };
  }
  return { keep: true };
}

// Nouns that name nothing in particular.
const VAGUE = new Set([
  'thing',
  'things',
  'stuff',
  'something',
  'anything',
  'everything',
  'nothing',
  'lot',
  'lots',
  'way',
  'bit',
  'kind',
  'sort',
]);

/** The words of the sentence's subject as compromise finds it; "Felix and I" (which it reads as "Felix") keeps its "I". */
function subjectWordsOf(doc: Doc): string[] {
  const subject = (
    (doc.sentences().json() as Array<{ sentence?: { subject?: string } }>)[0]?.sentence?.subject ??
    ''
  ).toLowerCase();
  const words = subject.split(/[\s'’]+/).filter(Boolean);
  return doc.has('^#Adverb? (#Noun|#Possessive)+ and (i|we)') ? [...words, 'i'] : words;
}

function isContentNoun(term: Term): boolean {
  if (!term.tags.includes('Noun') || term.tags.includes('Pronoun')) return false;
  const word = head(term);
  return (
    !VAGUE.has(word) &&
    !FIRST_PERSON.has(word) &&
    !SECOND_PERSON.has(word) &&
    !THIRD_PERSON.has(word) &&
    !DEMONSTRATIVE.has(word) &&
    !term.tags.includes('Date') &&
    !term.tags.includes('Duration')
  );
}

type FactType = ExtractedFact['factType'];

/** The type a statement is, by what it says (issue 11: a dated plan is an event, whatever "I'd love" says). */
export function classifyStatement(
  doc: Doc,
  dated: boolean,
): { factType: FactType; explicit: boolean } {
  if (
    doc.has('(decided|decide|chose|chosen|committed|resolved) (not)? to') ||
    doc.has('made up my mind') ||
    doc.has('(decided|decide) (on|against)')
  ) {
    return { factType: 'decision', explicit: true };
  }
  if (
    doc.has(
      'i (have|had)? #Adverb? (realized|realised|learned|learnt|noticed|discovered|figured|understood|understand)',
    )
  ) {
    return { factType: 'insight', explicit: true };
  }
  if (doc.has('i #Adverb? (value|believe)') || doc.has('(important|matters|matter) to (me|us)'))
    return { factType: 'value', explicit: true };
  if (wantsTo(doc))
    return {
      factType: dated ? 'event' : 'goal',
      explicit: doc.has('my #Adjective? (goal|dream|aim|ambition)'),
    };
  const likes =
    doc.has(
      'i #Adverb? (love|like|enjoy|prefer|adore|hate|dislike|loves|likes|enjoys) (#Noun|#Gerund|#Adjective)',
    ) && !doc.has('(love|like|enjoy) (to|that|it|them)');
  if (likes && !dated) return { factType: 'preference', explicit: false };
  if (doc.has('^my #Adjective? #Noun') && relationshipSubject(doc))
    return { factType: 'relationship', explicit: false };
  if (
    doc.has(
      'i (have|have got|got) (a|an|two|three|four|#Value) #Adjective? (kid|kids|son|sons|daughter|daughters|children|child|brother|brothers|sister|sisters|dog|dogs|cat|cats)',
    )
  ) {
    return { factType: 'relationship', explicit: false };
  }
  return { factType: 'event', explicit: false };
}

function wantsTo(doc: Doc): boolean {
  return (
    doc.has('my #Adjective? (goal|dream|aim|ambition|hope)') ||
    doc.has('i #Adverb? (want|hope|plan|aim|wish|intend|dream) (to|of)') ||
    doc.has('i would #Adverb? (love|like) to') ||
    doc.has('(working|saving|training) up? (toward|towards|for)')
  );
}

function relationshipSubject(doc: Doc): boolean {
  const subject = (
    (doc.sentences().json() as Array<{ sentence?: { subject?: string } }>)[0]?.sentence?.subject ??
    ''
  ).toLowerCase();
  return subject.split(/[\s'’]+/).some((w) => KIN.has(w));
}

/** The single-valued thing a statement sets, so that a newer one replaces it: home, job, partner, or a goal's object. */
const AIM_WORDS = new Set([
  'goal',
  'dream',
  'aim',
  'ambition',
  'hope',
  'plan',
  'plans',
  'mind',
  'idea',
]);
const CHANGE_OF_MIND =
  '(no longer|anymore|gave up|given up|giving up|changed my mind|dropped|cancel|cancelled|canceled|called off|decided against)';
const WORKPLACES =
  '(agency|company|firm|hospital|school|bank|startup|office|practice|restaurant|store|shop|studio|bakery|clinic|cafe|university|lab)';
const EMPLOYERS = `(job|position|role|${WORKPLACES.slice(1)}`;

/** `a`, then `b` at most `gap` terms later (compromise's optional wildcards are greedy and do not backtrack). */
function near(doc: Doc, a: string, b: string, gap: number): boolean {
  return Array.from({ length: gap + 1 }, (_, n) =>
    [a, ...Array<string>(n).fill('.'), b].join(' '),
  ).some((pattern) => doc.has(pattern));
}

/** Whether the sentence's grammatical subject is the person (I, we, "Felix and I"). */
function aboutSelf(doc: Doc): boolean {
  return subjectWordsOf(doc).some((w) => w === 'i' || w === 'we');
}

/**
 * The single-valued thing a statement sets, so that a newer one replaces it (issue 11): where the person
 * lives, their job, their relationship status, an activity they started or stopped, or the object of an aim.
 */
export function subjectOf(doc: Doc, factType: FactType): string | undefined {
  const self = aboutSelf(doc);
  if (
    self &&
    near(
      doc,
      '(live|lives|living|lived|move|moved|moving|relocate|relocated|relocating|share|sharing)',
      '(#Place|dorm|flat|apartment|house|home|room)',
      4,
    )
  )
    return 'home';
  if (
    self &&
    (doc.has('(work|working|worked) (as|at|for)') ||
      doc.has(
        `(got|started|quit|left|leaving|leave|lost|accepted|took|start|starting|joined) (a|my|the|this)? #Adjective? #Noun? ${EMPLOYERS}`,
      ) ||
      doc.has('(am|been|was|be|become|became) (a|an|the) #Adjective? (#Actor|#Noun)? #Actor') ||
      doc.has('(#Copula|been) (a|an|the) #Adjective? (#Noun|#Actor) (at|of|for|in)') ||
      doc.has('(#Copula|been) (a|an|the) #Adjective? #Noun (#Noun|#Actor) (at|of|for|in)') ||
      doc.has('(step|stepping|stepped) down') ||
      doc.has('started freelancing'))
  ) {
    const employer = employerOf(doc);
    return employer ? `job:${employer}` : 'job';
  }
  if (
    self &&
    doc.has('(married|engaged|divorced|separated|broke up|broken up|single|together|anniversary)')
  )
    return 'partner';
  const group = self && !wantsTo(doc) ? groupOf(doc) : undefined;
  if (group) return `activity:${group}`;
  const activity = doc
    .match('(started|start|starting|began|begin|stopped|stop|stopping|quit|quitting) [#Gerund]', 0)
    .text('normal');
  if (self && activity) return `activity:${activity}`;
  const aim =
    factType === 'goal' ||
    factType === 'decision' ||
    wantsTo(doc) ||
    doc.has('(applying|apply|applied) (to|for)') ||
    doc.has(CHANGE_OF_MIND);
  if (!aim) return undefined;
  // The aim's object: the first noun that is not a name, a time or the word "goal" itself ("a master's program" → master).
  const object = (doc.nouns().json() as Array<{ terms?: Term[] }>)
    .flatMap((n) => n.terms ?? [])
    .find(
      (t) =>
        isContentNoun(t) &&
        !t.tags.includes('ProperNoun') &&
        !t.tags.includes('Place') &&
        !AIM_WORDS.has(head(t)),
    );
  if (!object) return undefined;
  const singular = parse(head(object)).nouns().toSingular().text('normal') || head(object);
  return `goal:${singular.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')}`;
}

/** Verbs whose past is their present ("I quit the choir"): compromise reads them as present. */
const SAME_IN_PAST =
  '(quit|put|set|cut|let|hit|shut|read|spread|bet|cost|hurt|upset|split|shed|wed)';
/** What makes a present-tense statement a habit rather than a report ("I quit early every Friday"). */
const HABITUAL = '(every|usually|always|often|sometimes|never|each|generally|normally|tend)';

/**
 * Where a job is, when the statement says ("at a bakery", "at St. Luke's", "quit the agency"), so that a
 * weekend job and a day job stay two jobs; a statement that names no place is about the job (sameSubject).
 */
function employerOf(doc: Doc): string | undefined {
  // "at the end of August" is a time, not a place.
  const places = doc
    .match('(at|for) (a|an|the|my|our)? #Adjective? [(#Noun|#ProperNoun)+]', 0)
    .not('(#Date|#Duration|end|beginning|start|moment|least|most|home)');
  const place =
    (places.found ? places.first().text('normal') : '') ||
    doc.match(WORKPLACES).first().text('normal');
  const key = place
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .trim()
    .replace(/\s+/g, '-');
  return key || undefined;
}

/** Groups a person belongs to, and the words that join or leave one: "I sing in the choir", "I quit the choir". */
const GROUPS =
  '(choir|chorus|band|orchestra|ensemble|quartet|team|squad|club|league|gym|society|committee|crew|troupe|congregation)';
const MEMBERSHIP = '(in|join|joined|joining|rejoined|quit|quitting|left|leave|leaving|stopped|of)';

/**
 * The group a statement puts the person in or out of, with the words that name it ("community-choir",
 * "running-club"); the leaving statement may name it shorter ("the choir"), which sameSubject allows for.
 */
function groupOf(doc: Doc): string | undefined {
  if (!near(doc, MEMBERSHIP, GROUPS, 4)) return undefined;
  const named = doc
    .match(`(a|an|the|my|our|this|that) [#Adjective? (#Noun|#Gerund)? ${GROUPS}]`, 0)
    .first()
    .text('normal');
  const words = (named || doc.match(GROUPS).first().text('normal'))
    .replace(/[^\p{L}\p{N}\s-]+/gu, '')
    .trim();
  return words ? words.replace(/\s+/g, '-') : undefined;
}

function tenseOf(doc: Doc): 'past' | 'present' | 'future' {
  const grammar = (
    doc.sentences().json() as Array<{ sentence?: { grammar?: { tense?: string } } }>
  )[0]?.sentence?.grammar?.tense;
  if (doc.has('(will|gonna|going to)') || grammar === 'FutureTense') return 'future';
  // The person telling what they did: "I quit the choir in August" is a report, so read it as past unless it is a habit.
  const reportsSamePast =
    doc.has(`^#Adverb? (i|we) #Adverb? ${SAME_IN_PAST}`) &&
    !doc.has(HABITUAL) &&
    !doc.has('on #WeekDay+ /s$/');
  return grammar === 'PastTense' ||
    reportsSamePast ||
    doc.has('^#Adverb? (i|we) #Adverb? #PastTense')
    ? 'past'
    : 'present';
}

const OPENERS = new Set([
  'oh',
  'ah',
  'aw',
  'so',
  'well',
  'yeah',
  'yes',
  'yep',
  'honestly',
  'actually',
  'anyway',
  'haha',
  'lol',
  'sadly',
  'luckily',
  'hey',
  'hi',
  'wow',
]);

/** Strips leading interjections and a leading name the person says to the other speaker ("Wow, …", "Mel, …"). */
function withoutOpeners(sentence: string): string {
  // "Big news on my side too: I'm moving …": a short lead-in before a colon is not part of the statement.
  const colon = sentence.indexOf(': ');
  if (colon > 0 && sentence.slice(0, colon).split(/\s+/).length <= 6)
    sentence = sentence.slice(colon + 2);
  const doc = parse(sentence);
  // Interjections always; a name only when it is said to someone ("Mel, I got the job!"), never "Felix and I …".
  const terms = doc.json({ terms: { normal: true } }) as Array<{
    terms: Array<Term & { post?: string }>;
  }>;
  let drop = 0;
  for (const term of terms[0]?.terms ?? []) {
    const interjection = term.tags.includes('Expression') || OPENERS.has(term.normal);
    const vocative = term.tags.includes('FirstName') && /[,!]/.test(term.post ?? '');
    if (!interjection && !vocative) break;
    drop++;
  }
  if (drop > 0) doc.remove(doc.terms().slice(0, drop));
  const rest = doc
    .text()
    .replace(/^[\s,;:!.-]+/, '')
    .trim();
  return rest ? rest[0].toUpperCase() + rest.slice(1) : rest;
}

export interface PersonFactOptions {
  /** Keep at most this many (default 20, SPEC §5). */
  max?: number;
}

/**
 * Offline extraction of durable facts about the person from their own turns (issue 11): sentences split
 * and tagged by compromise, kept only when they are a self-contained statement about the person, relative
 * times resolved against the turn's date, every event dated, typed by what they say, and one fact per
 * statement even when it is said twice (the turns of both are kept). Deterministic.
 */
export function extractPersonFacts(
  turns: readonly SourceTurn[],
  options: PersonFactOptions = {},
): ExtractedFact[] {
  const facts: ExtractedFact[] = [];
  turns.forEach((turn, i) => {
    if (turn.role !== 'user') return;
    const previous = turns[i - 1];
    const text = cleanTurnText(turn.text);
    // A yes to the other speaker's question about the person states what was asked.
    const affirmed =
      previous?.role === 'assistant' ? affirmedStatement(cleanTurnText(previous.text), text) : null;
    for (const { sentence: raw, change } of withReasons(
      [...(affirmed ? [affirmed] : []), ...sentencesOf(text)],
      turn,
    )) {
      const fact = factOf(raw, turn);
      if (!fact) continue;
      // A change joined with its reason changes what the change names, not what the reason does.
      const changed = change === undefined ? undefined : factOf(change, turn)?.subject;
      if (changed) fact.subject = changed;
      const same = facts.find(
        (f) => f.factType === fact.factType && tokenDice(f.content, fact.content) >= SAME_FACT_DICE,
      );
      if (same) {
        same.sourceTurns = [...new Set([...(same.sourceTurns ?? []), turn.seq])];
        continue;
      }
      facts.push(fact);
    }
  });
  return facts.slice(0, options.max ?? MAX_PERSON_FACTS);
}

/** "The new manager…" → "the new manager…" inside a joined sentence; "I", names and acronyms keep their capital. */
const lowerFirstWord = (sentence: string): string => {
  const first = termsOf(parse(sentence))[0];
  const keepsCapital =
    !first ||
    first.normal === 'i' ||
    first.normal.startsWith("i'") ||
    first.tags.some((t) => t === 'ProperNoun' || t === 'Acronym');
  return keepsCapital ? sentence : sentence[0].toLowerCase() + sentence.slice(1);
};

/** Stopping or dropping something: the moments a person changes their mind. */
const changesMind = (sentence: string): boolean => {
  const doc = parse(sentence);
  return doc.has(CHANGE_OF_MIND) || doc.has('(stopped|quit|quitting)');
};

/**
 * A change of mind and the sentence right after it in the same turn are one statement when that sentence
 * sets nothing of its own (no subject) or is part of the same change: "I'm not running the marathon anymore.
 * I don't have the time, so I've stopped training." The reason stays with the change instead of standing
 * alone as a fact that leans on it, or as a second fact of the same change.
 */
function withReasons(
  sentences: readonly string[],
  turn: SourceTurn,
): Array<{ sentence: string; change?: string }> {
  const out: Array<{ sentence: string; change?: string }> = [];
  for (let k = 0; k < sentences.length; k++) {
    const sentence = sentences[k];
    const next = sentences[k + 1];
    if (next !== undefined && changesMind(sentence)) {
      const follow = factOf(next, turn);
      // A goal, preference or anything with a subject of its own stands alone; a plain event is the change's reason.
      if (changesMind(next) || !follow || (follow.factType === 'event' && !follow.subject)) {
        const joined = `${sentence.replace(/[.!]+$/, '')}; ${lowerFirstWord(next)}`;
        if (factOf(joined, turn)) {
          out.push({ sentence: joined, change: sentence });
          k++;
          continue;
        }
      }
    }
    out.push({ sentence });
  }
  return out;
}

function factOf(raw: string, turn: SourceTurn): ExtractedFact | null {
  const text = withoutOpeners(raw);
  if (!text) return null;
  const doc = parse(text);
  if (!judgeSentence(doc, termsOf(doc)).keep) return null;
  const tense = tenseOf(doc);
  const resolved = resolveDates(doc, turn.occurredAt, tense === 'past');
  const { factType, explicit } = classifyStatement(
    doc,
    resolved.dated && tense !== 'past' && resolved.day !== undefined,
  );
  const said = turn.occurredAt ? isoDay(turn.occurredAt) : undefined;
  let content = resolved.text.replace(/[!]+$/, '.').replace(/\s+([.,!?])/g, '$1');
  if (!/[.!?]$/.test(content)) content += '.';
  const occurredOn = factType === 'event' ? (resolved.day ?? said) : resolved.day;
  if (factType === 'event' && !resolved.day && said) {
    // Every event dated: with no time said, the day it was told is the best bound there is.
    content = `${content.slice(0, -1)} (${tense === 'past' ? 'by' : 'as of'} ${dayLabel(said)}).`;
  }
  const subject = subjectOf(doc, factType);
  return {
    factType,
    content,
    confidence: explicit || resolved.day ? 'high' : 'medium',
    sourceTurns: [turn.seq],
    ...(occurredOn ? { occurredOn } : {}),
    ...(subject ? { subject } : {}),
  };
}
