import { isoDay, type SourceTurn } from '../extraction/source-turn';
import type { ExtractedFact } from '../extraction/extracted-fact';
import { parse, termsOf, sentencesOf, type Doc, type Term } from './nlp';
import { affirmedStatement, answeredStatement } from './affirmed-question';
import {
  CODING_TALK_SHARE,
  developerStatements,
  factTypeOfStatement,
  isShopTalk,
  isTradeTalk,
  noteOfStatement,
  proseOf,
  type DeveloperStatement,
} from './developer-statements';
import { resolveDates } from './resolve-dates';
import { cleanTurnText, tokenDice } from './text-tools';
import { toThirdPerson } from './third-person';

export const MAX_PERSON_FACTS = 20;
/** Two statements whose content tokens overlap this much are one fact said twice. */
const SAME_FACT_DICE = 0.8;

/** Subject words that make the person the one a sentence is about ("ourselves" is an object, never that). */
const SELF_SUBJECT = new Set(['i', 'me', 'my', 'we', 'us', 'our']);
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
const KIN_WORDS = `(${[
  'wife husband partner spouse fiance fiancee boyfriend girlfriend son daughter kids children mother mom mum father dad',
  'brother sister grandmother grandfather granddaughter grandson aunt uncle cousin friend boss manager co-founder',
  'cofounder roommate flatmate housemate neighbor neighbour dog cat',
]
  .join(' ')
  .split(' ')
  .join('|')})`;
const KIN = new Set(
  'wife husband partner spouse fiance fiancee boyfriend girlfriend son sons daughter daughters kid kids child children baby mother mom mum father dad parent parents brother brothers sister sisters sibling siblings grandmother grandma grandfather grandpa grandparents granddaughter grandson grandchildren grandkids family aunt uncle cousin niece nephew friend friends bestie boss manager mentor colleague coworker coworkers co-founder cofounder roommate flatmate housemate neighbor neighbour dog cat puppy pets pet'.split(
    ' ',
  ),
);

/** The word a term's normal form starts with: `i'm` → `i`, `it's` → `it`. */
const head = (term: Term): string => term.normal.split(/['’]/)[0] ?? '';

type Verdict = { keep: false; why: string } | { keep: true };

/**
 * The fact rules (docs/memory-facts.md) that decide whether a sentence of the person's is a fact at all: a
 * self-contained statement about the person; not a greeting, question, thanks, offer or reply; nothing
 * addressed to or about the other speaker.
 */
export function judgeSentence(doc: Doc, terms: readonly Term[]): Verdict {
  const text = doc.text().trim();
  if (text.endsWith('?') || doc.questions().found) return { keep: false, why: 'question' };
  const words = terms.filter((t) => t.normal.length > 0);
  if (words.length < 3) return { keep: false, why: 'too short' };
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
  if (SMALL_TALK.test(text) || WEATHER.test(text) || PASSING.test(text))
    return { keep: false, why: 'small talk' };
  // "I was supposed to go to the market": what was meant to happen and did not.
  if (doc.has('(was|were) supposed to')) return { keep: false, why: 'did not happen' };
  if (AGREEMENT.test(text)) return { keep: false, why: 'agreement' };
  if (!ABOUT_SELF.test(text)) return { keep: false, why: 'its subject is not the person' };
  if (doc.has('^#Infinitive') && !FIRST_PERSON.has(head(words[0])))
    return { keep: false, why: 'a request' };

  // The subject of the statement's first clause: "I quit the tapas place, the owner is a nightmare" is about the person.
  const firstClause = /^(.+?)(?:[,;:]| (?:so|but|because|since|while|and then) )/.exec(text)?.[1];
  const subjectWords = subjectWordsOf(
    firstClause && firstClause.split(/\s+/).length >= 2 ? parse(firstClause) : doc,
  );
  // "On Saturday I go fishing": a time said first is not the subject.
  const timeFirst =
    /^(?:on|in|at|by|every|each|last|this|next|most)\b[^,]{0,30}?\b(?:I|we)\b/i.test(text);
  if (
    subjectWords.length > 0 &&
    subjectWords[0] !== '' &&
    !timeFirst &&
    !subjectWords.some((w) => SELF_SUBJECT.has(w)) &&
    !subjectWords.some((w) => KIN.has(w)) &&
    // "The doctor doubled my amlodipine dose": what a carer did to the person's care is about them.
    !(subjectWords.some((w) => CARERS.has(w)) && doc.has('(my|me)'))
  ) {
    return { keep: false, why: 'its subject is someone else' };
  }

  // A pronoun needs its noun earlier in the same sentence; otherwise the fact leans on what came before.
  let sawNoun = false;
  for (let i = 0; i < words.length; i++) {
    const term = words[i];
    const word = head(term);
    // "when it is quiet", "it's raining": an "it" that stands for the weather or the moment points nowhere.
    const dummyIt =
      word === 'it' &&
      ((words[i + 1]?.tags.includes('Copula') ?? false) || term.normal === "it's") &&
      (words[i + 2]?.tags.some((t) => t === 'Adjective' || t === 'Adverb' || t === 'Gerund') ??
        false);
    const isThird = THIRD_PERSON.has(word) && term.tags.includes('Pronoun') && !dummyIt;
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
  if (
    !words.some(isContentNoun) &&
    !words.some((t) => t.tags.includes('Gerund')) &&
    !doc.has(LASTING_STATES)
  )
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
    !doc.has('#Copula #Determiner') &&
    // "I'm still at the bike shop": where the person is, which compromise reads as "still" the adjective.
    !doc.has('#Copula #Adverb? (still|now|also)? #Preposition #Determiner? #Adjective? #Noun') &&
    // "I'm allergic to penicillin", "We got engaged": states of life and body, not moods.
    !doc.has(LASTING_STATES) &&
    !doc.has('done with')
  ) {
    return { keep: false, why: 'a passing mood' };
  }
  return { keep: true };
}

/** Chit-chat about the chat, coming and going: "since our last chat", "I'm off to…", "talk soon". */
const SMALL_TALK =
  /\b(?:since (?:our|we) last (?:chat|talk|spoke|call|conversation)|(?:I'm|I am) off to|(?:have|got|gotta|need|ought) to (?:go|run|head off|get going)|(?:must|should|better) (?:go|get going|run|head off|be off)\b|(?:go|going|get) to bed|(?:I'm|I am) (?:just )?rambling|talk (?:soon|later)|catch up (?:soon|later)|good to (?:see|hear from|talk to) you|nice (?:chatting|talking))\b/i;
/**
 * How the person is doing, what they are doing this minute, and what they would like to see of the other's:
 * "I've been good, keeping busy", "I'm going to grab some lunch", "I'd love to see pictures".
 */
const PASSING =
  /^(?:I'm|I am|I've been|I have been|been|doing) (?:doing )?(?:really |pretty |so |very )?(?:well|good|great|fine|ok|okay|alright|not bad|busy)\b|\b(?:grab|grabbing|get|getting) (?:some |a |an )?(?:lunch|dinner|breakfast|coffee|bite|snack|drink|nap)\b|\b(?:heading|off|going|popping) (?:to|out|over)\b.*\b(?:now|right now)\b|(?:would|'d) (?:love|like) to (?:see|hear|know|read|meet|watch)\b|\b(?:was|been) just thinking (?:about|of)\b|\bwish (?:I|we) (?:could|had|would) have\b/i;
const CARERS = new Set(
  'doctor gp nurse consultant specialist surgeon physio physiotherapist therapist dentist cardiologist psychiatrist pharmacist midwife'.split(
    ' ',
  ),
);
/** Adjectives that say how the person's life or body is, however they are said ("got engaged"). */
const LASTING_STATES =
  '(allergic|intolerant|diabetic|asthmatic|epileptic|vegan|vegetarian|pregnant|engaged|married|divorced|separated|widowed|retired|unemployed|promoted|sober|pescatarian|gluten-free|colorblind|deaf|blind|left-handed|right-handed)';
/** The weather, said of the day or the week: "We had rain last week", "It's been so hot". */
const WEATHER =
  /\b(?:had|got|getting|having) (?:some |a lot of |lots of |so much |more |no )?(?:rain|snow|sun|sunshine|storms?|heatwave|frost|hail)\b|\bthe weather\b/i;
/** Agreeing with, or reacting to, what the other speaker said: the reply is about their words, not the person. */
const AGREEMENT =
  /^(?:I|we) (?:\w+ )?(?:agree|disagree)\b|^I (?:\w+ )?(?:see|understand|know|get) (?:what|how|where|that|it|you)\b|^I (?:\w+ )?know,|^(?:I'm|I am) (?:\w+ )?(?:glad|happy|sorry|thrilled|excited) (?:to hear|for you|you)\b|^I can(?:'t| not) wait to (?:see|hear)\b/i;
/** The person is the subject: the statement says "I" or "we", or starts from someone or something of theirs. */
const ABOUT_SELF = /^(?:(?:\w+ ){0,6}?(?:I|I'm|I've|I'd|I'll|we|we're|we've)\b|(?:my|our)\b)/i;

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

/** Verbs of being and having: in the past they tell how things were, not something that happened. */
const STATE_VERBS = new Set(
  'be live work know own study love like enjoy hate prefer want need feel seem belong care mean'.split(
    ' ',
  ),
);

/**
 * The type a statement is, by what it says (docs/memory.md, "Fact types"): a choice made is a decision; a
 * principle a value; an aim (dated or not) a goal; a like or dislike a preference; the people in their
 * life a relationship; something that happened, or is planned for a time, an event; anything else true of
 * the person a fact. "I realized that…" is typed by what was realized.
 */
export function classifyStatement(
  doc: Doc,
  when: { dated: boolean; tense: 'past' | 'present' | 'future' },
): { factType: FactType; explicit: boolean } {
  if (
    doc.has('(decided|decide|chose|chosen|committed|resolved) (not)? to') ||
    doc.has('made up my mind') ||
    doc.has('(decided|decide) (on|against)') ||
    doc.has(
      '(changed my mind|no longer|anymore|gave up|given up|called off|settled on|going with|switched to|after all)',
    ) ||
    // "I'm going to do a pop-up stall instead": a plan that replaces another is a choice made.
    (doc.has('instead') &&
      doc.has('(will|going to|gonna|am doing|switched|switching|bought|chose|picked|went)')) ||
    doc.has('(am|are) #Adverb? done with') ||
    doc.has(
      '^(i|we) #Adverb? (have|will|am going to)? #Adverb? (quit|stopped|stop|cancelled|canceled|cancel|dropped)',
    )
  ) {
    return { factType: 'decision', explicit: true };
  }
  if (
    doc.has('(someone|somebody|a person) who (values|cares about|believes in)') ||
    doc.has('i #Adverb? (value|believe in)') ||
    doc.has('(important|matters|matter) to (me|us)') ||
    doc.has('^i (have|had)? always (believed|thought|felt) that? #Noun')
  )
    return { factType: 'value', explicit: true };
  if (doc.has('i #Adverb? (care|cares) #Adverb? (about|deeply)') || doc.has('^i #Adverb? believe'))
    return { factType: 'value', explicit: false };
  if (wantsTo(doc))
    return {
      factType: 'goal',
      explicit: doc.has('my #Adjective? (goal|dream|aim|ambition)'),
    };
  const plans = doc.has('(plan|plans|planning|going|scheduled|booked|signed) (to|up|for)');
  if (plans && when.dated) return { factType: 'event', explicit: false };
  const likes =
    doc.has(
      'i #Adverb? (love|like|enjoy|prefer|adore|hate|dislike|loves|likes|enjoys|prefers) (#Noun|#Gerund|#Adjective|#Determiner|#Possessive)',
    ) ||
    doc.has("(can't|cannot) stand") ||
    doc.has('(have|had|has) #Adverb? (a|an) #Adjective? (love|passion|soft spot|thing) for') ||
    doc.has('(am|been) #Adverb? (a|an)? #Adjective? (fan|lover) of') ||
    doc.has('am #Adverb? (really|totally|very)? into') ||
    doc.has('i would #Adverb? rather') ||
    doc.has('something (i|we) #Adverb? (love|enjoy|like|adore)') ||
    doc.has('my #Adjective? (favorite|favourite)') ||
    doc.has('i am not? #Adverb? (a|an) #Adjective? (morning|night|people|cat|dog) person') ||
    doc.has('i am not? #Adverb? (a|an) (night owl|early bird|early riser|homebody)') ||
    // "I've always loved the mountains", "I never enjoyed managing people": a like that still holds.
    doc.has('(have|has) #Adverb? (loved|liked|enjoyed|adored|hated|supported)') ||
    doc.has('^(i|we) never (enjoyed|liked|loved|cared for)') ||
    doc.has('^(i|we) #Adverb? (like|love|enjoy) (very|so) much') ||
    doc.has("^(i|we) (do not|don't) #Adverb? (like|love|enjoy)") ||
    doc.has('(do|does|did) #Possessive best (work|thinking)') ||
    doc.has('^(i|we) #Adverb? work best');
  const stillTrue =
    when.tense !== 'past' ||
    doc.has('(have|has) #Adverb? (had|loved|liked|enjoyed|been|supported|adored|hated)') ||
    doc.has('^(i|we) never (enjoyed|liked|loved|cared for)') ||
    doc.has('something (i|we) #Adverb? (love|enjoy|like|adore)');
  if (likes && stillTrue) return { factType: 'preference', explicit: false };
  // "My partner and I hiked in the Dolomites": the person did it, with someone of theirs.
  const togetherWith = doc.has('^#Adverb? (my|our) #Adjective? #Noun+ and (i|me)');
  if (doc.has('^my #Adjective? #Noun') && relationshipSubject(doc) && !togetherWith)
    return { factType: 'relationship', explicit: false };
  if (
    doc.has(
      'i (have|have got|got) (a|an|two|three|four|#Value) #Adjective? (kid|kids|boys|girls|son|sons|daughter|daughters|children|child|brother|brothers|sister|sisters|dog|dogs|cat|cats|partner|husband|wife|boyfriend|girlfriend|twins|grandchildren|grandkids)',
    ) ||
    doc.has('(married|engaged) to') ||
    doc.has(
      '^i (have|have got) #Adjective? (pets|dogs|cats|kids|children|siblings|grandchildren|grandkids)',
    ) ||
    (when.tense !== 'past' && !when.dated && doc.has(`my ${KIN_WORDS} #ProperNoun`)) ||
    doc.has(
      'i am #Adverb? (a|an) #Adjective? (mom|mother|dad|father|parent|grandmother|grandfather|aunt|uncle)',
    )
  ) {
    return { factType: 'relationship', explicit: false };
  }
  // "I am working in a bank since 2019", "I've lived in Boston since 2015": a state since a time is true of
  // the person, not a thing that happened.
  if (
    when.dated &&
    doc.has('since #Date') &&
    (when.tense !== 'past' || doc.has('(have|has) #Adverb? #PastTense'))
  )
    return { factType: 'fact', explicit: false };
  if (plans || when.tense === 'future')
    return { factType: when.dated ? 'event' : 'goal', explicit: false };
  // "I started volunteering at the shelter on Sundays": a habit begun is true of the person now.
  const habit =
    doc.has('(every|each|twice|weekly|daily|nightly)') ||
    doc.has('times a') ||
    /\bon (?:mon|tues|wednes|thurs|fri|satur|sun)days\b/i.test(doc.text());
  if (habit && doc.has('(started|start|began|begun|taken up|took up)'))
    return { factType: 'fact', explicit: false };
  if (when.tense === 'past') {
    const verb = (doc.verbs().json() as Array<{ verb?: { infinitive?: string } }>)[0]?.verb
      ?.infinitive;
    const passive = doc.has('(was|were|got) #Adverb? #PastTense');
    if (doc.has('(have|has) #Adverb? got')) return { factType: 'fact', explicit: false };
    if (when.dated || passive || !STATE_VERBS.has(verb ?? ''))
      return { factType: 'event', explicit: false };
  }
  if (when.dated && doc.has('(#Gerund|will|gonna)')) return { factType: 'event', explicit: false };
  // "I'm off on leave from 2 June": a state set to begin or end at a day said is something that will happen.
  if (when.dated && doc.has('(from|until|on) #Date') && !doc.has('(since|every|each|#Duration)'))
    return { factType: 'event', explicit: false };
  return { factType: 'fact', explicit: false };
}

function wantsTo(doc: Doc): boolean {
  return (
    doc.has('my #Adjective? (goal|dream|aim|ambition|hope)') ||
    doc.has('i #Adverb? (want|hope|plan|aim|wish|intend|dream) (to|of)') ||
    doc.has('^i #Adverb? want (more|less|a|an|my|some)') ||
    doc.has('(have|has|had) #Adverb? (wanted|hoped|dreamed|dreamt) (to|of)') ||
    doc.has('i am #Adverb? (hoping|aiming|dreaming|applying) (to|of|for)') ||
    doc.has('i would #Adverb? (love|like) to') ||
    doc.has('(working|saving|training) up? (toward|towards|for)') ||
    doc.has('saving up? to #Infinitive') ||
    doc.has('i am #Adverb? (thinking|considering) (about|of)? #Gerund') ||
    doc.has('we #Adverb? (want|hope|plan|aim|wish|intend) to')
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
  '(agency|company|firm|hospital|school|bank|startup|office|practice|restaurant|store|shop|studio|bakery|clinic|cafe|university|lab|place|kitchen|warehouse|factory|hotel|bar)';
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
 * The single-valued thing a statement sets, so that a newer one replaces it: where the person
 * lives, their job, their relationship status, an activity they started or stopped, or the object of an aim.
 */
export function subjectOf(doc: Doc, factType: FactType): string | undefined {
  const self = aboutSelf(doc);
  if (
    self &&
    near(
      doc,
      '(live|lives|living|lived|move|moved|moving|relocate|relocated|relocating|share|sharing|staying)',
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
  'also',
  'and',
  'but',
  'plus',
  'ya',
  'yea',
  'yeah',
  'nah',
  'ok',
  'okay',
  'um',
  'uh',
  'btw',
  'obviously',
  'basically',
  'literally',
  'anyways',
  'tho',
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
    // "No running for six weeks": a "no" that says what is not, not an answer, stays.
    const saysNo = term.normal === 'no' && !/[,.!]/.test(term.post ?? '');
    const interjection = !saysNo && (term.tags.includes('Expression') || OPENERS.has(term.normal));
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
  /** Keep at most this many (default 20). */
  max?: number;
  /**
   * A coding session: the developer's decisions, conventions and preferences are read, and the rest of
   * their shop talk is work in progress. Default: when the person's own words mostly talk shop.
   */
  coding?: boolean;
}

/**
 * Offline extraction of durable facts about the person from their own turns: sentences split
 * and tagged by compromise, kept only when they are a self-contained statement about the person, relative
 * times resolved against the turn's date, every event dated, typed by what they say, and one fact per
 * statement even when it is said twice (the turns of both are kept). Deterministic.
 */
export function extractPersonFacts(
  turns: readonly SourceTurn[],
  options: PersonFactOptions = {},
): ExtractedFact[] {
  const facts: ExtractedFact[] = [];
  const coding = options.coding ?? talksShop(turns);
  turns.forEach((turn, i) => {
    if (turn.role !== 'user') return;
    const previous = turns[i - 1];
    // Code, Claude Code's wrappers and pasted output are not what the person said.
    const text = cleanTurnText(proseOf(turn.text));
    // A yes to the other speaker's question about the person states what was asked.
    const yes =
      previous?.role === 'assistant' ? affirmedStatement(cleanTurnText(previous.text), text) : null;
    const answered =
      previous?.role === 'assistant' && yes === null
        ? answeredStatement(cleanTurnText(previous.text), text)
        : null;
    const affirmed = yes === null ? answered : withDetail(yes, text);
    const personal: string[] = [];
    for (const sentence of sentencesOf(text)) {
      // What a developer settles is read by its own rules; in a session that talks shop, the rest of
      // their shop talk is work in progress (requests, status, errors), not facts about them.
      // Outside a coding session "I decided to take the test" is the person's: their rules read it.
      const settled = coding ? developerStatements(sentence) : [];
      for (const statement of settled) addFact(facts, developerFact(statement, turn));
      if (settled.length > 0) continue;
      // "I'm off on leave from June 2, so Priyank owns the repo": the clause about the person is theirs.
      personal.push(...clausesOf(sentence).filter((clause) => !(coding && isTradeTalk(clause))));
    }
    for (const { sentence: raw, change } of withReasons(
      withKinNamed([...(affirmed ? [affirmed] : []), ...personal], previous),
      turn,
    )) {
      const fact = factOf(raw, turn);
      if (!fact) continue;
      // A change joined with its reason changes what the change names, not what the reason does.
      const changed = change === undefined ? undefined : factOf(change, turn)?.subject;
      if (changed) fact.subject = changed;
      addFact(facts, fact);
    }
  });
  return facts.slice(0, options.max ?? MAX_PERSON_FACTS);
}

/**
 * "Still taking the ibuprofen?" "Yes, 400 milligrams twice a day with food.": the words after the yes that
 * are no sentence of their own (no verb) say more of what was asked, so they join the statement.
 */
function withDetail(statement: string, reply: string): string {
  const rest = reply.replace(
    /^\W*(?:yes|yeah|yep|yup|sure|definitely|absolutely|of course|indeed)\b[\s,.!-]*/i,
    '',
  );
  const detail = sentencesOf(rest)[0]?.replace(/[.!]+$/, '');
  if (!detail || detail.split(/\s+/).length < 2) return statement;
  const terms = termsOf(parse(detail));
  const saysSomething = terms.some(
    (t) => isContentNoun(t) || t.tags.includes('Value') || t.tags.includes('Duration'),
  );
  if (terms.some((t) => t.tags.includes('Verb')) || !saysSomething) return statement;
  const joined = /^I\b/.test(detail) ? detail : `${detail[0].toLowerCase()}${detail.slice(1)}`;
  return `${statement.replace(/[.!]+$/, '')}, ${joined}.`;
}

const SHE = new Set(
  'wife partner fiancee girlfriend daughter mother mom mum sister grandmother grandma aunt niece cousin friend boss manager'.split(
    ' ',
  ),
);
const HE = new Set(
  'husband partner fiance boyfriend son father dad brother grandfather grandpa uncle nephew cousin friend boss manager'.split(
    ' ',
  ),
);
/** "my sister", "my sister Moira", "my sister called, Moira": someone of the person's, named or not. */
const KIN_MENTION = new RegExp(
  `\\b(?:my|your) (parents|grandparents|kids|children|sons|daughters|brothers|sisters|siblings|cousins|grandchildren|grandkids|${KIN_WORDS.slice(1, -1)})\\b(?:(?: \\w+)?, | )?([A-Z][a-z]+)?`,
  'g',
);

/**
 * "How's your mum?" "She lives with us now": a clause that opens with "she" or "he" is about the one of the
 * person's people named last (in the other speaker's question or earlier in the turn), when that one can be
 * a she or a he: "My mum lives with us now" is a fact about the person's life; "She lives with us" is not.
 */
function withKinNamed(clauses: readonly string[], question: SourceTurn | undefined): string[] {
  let last: { kin: string; name?: string } | undefined;
  const mention = (text: string) => {
    for (const m of text.matchAll(KIN_MENTION))
      last = {
        kin: m[1].toLowerCase(),
        ...(m[2] && !/^(?:I|And|But|So)$/.test(m[2]) ? { name: m[2] } : {}),
      };
  };
  if (question?.role === 'assistant') mention(question.text);
  const topic = question?.role === 'assistant' ? topicAsked(question.text) : undefined;
  return clauses.map((clause, i) => {
    const lead = /^(?:(?:and|so|but|oh|yes|yeah|well),? )?(she|he)(?='s\b|\b)/i.exec(clause);
    let out = clause;
    if (lead && last && (lead[1].toLowerCase() === 'she' ? SHE : HE).has(last.kin)) {
      const who = `My ${last.kin}${last.name ? ` ${last.name}` : ''}`;
      out = who + clause.slice(lead[0].length);
    } else if (
      last &&
      PLURAL_KIN.has(last.kin) &&
      /\bthem\b/.test(clause) &&
      !/\bthey\b/i.test(clause)
    ) {
      // "I'm saving up to visit my grandparents. I haven't seen them in five years."
      out = clause.replace(/\bthem\b/, `my ${last.kin}`);
    } else if (
      i === 0 &&
      topic &&
      /^(?:\w+ )?(?:dropped|ditched|quit|sold|finished|started|love|loved|hate|hated|booked|cancelled|canceled) it\b/i.test(
        clause,
      )
    ) {
      // "And the gap year idea?" "Dropped it.": the thing asked about.
      out = clause.replace(/\bit\b/, topic);
    }
    mention(clause);
    return out;
  });
}

const PLURAL_KIN = new Set(
  'parents grandparents kids children sons daughters brothers sisters siblings cousins grandchildren grandkids'.split(
    ' ',
  ),
);

/** "And the gap year idea?", "What about your bike?": the thing a short question asks after, as the person's. */
function topicAsked(question: string): string | undefined {
  const m =
    /(?:^|[.!]\s+)(?:and|so|what about|how about)\s+((?:the|your)\s+[\w' -]{2,40}?)\s*\?\s*$/i.exec(
      question.trim(),
    );
  return m ? m[1].replace(/^your\b/i, 'my') : undefined;
}

/** Talk that fills a pause: "you know what", "I mean", "like" said between commas. */
const FILLERS =
  /(?:^|,\s*)(?:by the way|btw|anyway|anyways|scratch that|forget (?:what I said|that)(?: about [^,]+)?|never mind|on second thought|you know(?: what)?|I mean|you see|like|I(?:'ve| have)? (?:got|gotta|have|must) to say|I must say|I gotta say)\s*(?:,\s*|$)/gi;
/** Where a run-on sentence joins its clauses: a comma or "but" before the next clause, a semicolon. */
const CLAUSE_BREAK =
  /;\s+|,\s+(?=(?:and then|and|but|so|plus|which)\s)|\s+but\s+|,\s+(?=(?:I|I'm|I've|I'd|I'll|we|we're|we've|my|our|she|he|she's|he's)\s)/;
/** "…, did I.", "…, isn't it": a clause that ends asking the other to agree is said for effect. */
const TAG_QUESTION =
  /,\s*(?:did|didn't|do|don't|does|doesn't|is|isn't|was|wasn't|are|aren't|have|haven't|can|can't|would|wouldn't|will|won't)\s+(?:I|you|it|they|we|he|she)\s*[.?!]*$/i;
/** A sentence this long is read clause by clause: people who ramble join what they say with commas. */
const RUN_ON_WORDS = 14;
const MIN_CLAUSE_WORDS = 3;

/**
 * A run-on sentence as its clauses ("I grow my own tomatoes, but this year they've been a disaster, and I
 * stopped eating meat three years ago"): each is read on its own, so one statement about the person is
 * not lost to a clause about something else. A clause of a comment ("which, typical") is left out; a
 * piece too short to say anything stays with the clause before it.
 */
function clausesOf(sentence: string): string[] {
  const text = sentence.replace(FILLERS, (m) => (m.startsWith(',') ? ', ' : '')).trim();
  // "Okay so, don't laugh, but I've switched to Glasgow": a ", but I" starts the person's clause at any length.
  const butI = /,\s+but\s+(?=(?:I|I'm|I've|I'd|I'll|we|we're|we've)\s)/i.exec(text);
  if (butI && text.split(/\s+/).length < RUN_ON_WORDS)
    return [text.slice(0, butI.index) + '.', text.slice(butI.index + butI[0].length)];
  if (text.split(/\s+/).length < RUN_ON_WORDS) return [text];
  const pieces: string[] = [];
  for (const piece of text.split(CLAUSE_BREAK).map((p) => p.trim())) {
    if (!piece) continue;
    const last = pieces.length - 1;
    if (last >= 0 && piece.split(/\s+/).length < MIN_CLAUSE_WORDS)
      pieces[last] = `${pieces[last].replace(/[.!]+$/, '')}, ${piece}`;
    else pieces.push(piece);
  }
  return pieces
    .flatMap((p) => p.split(/(?<=[.!?])\s+(?=[A-Z])/))
    .filter((p) => !/^which\b/i.test(p) && !TAG_QUESTION.test(p))
    .map((p) => p.replace(/[,;:\s]+$/, ''))
    .map((p) => (/[.!?]$/.test(p) ? p : `${p}.`));
}

/** One fact per statement even when it is said twice: the turns of both are kept. */
function addFact(facts: ExtractedFact[], fact: ExtractedFact): void {
  const same = facts.find(
    (f) => f.factType === fact.factType && tokenDice(f.content, fact.content) >= SAME_FACT_DICE,
  );
  if (same)
    same.sourceTurns = [...new Set([...(same.sourceTurns ?? []), ...(fact.sourceTurns ?? [])])];
  else facts.push(fact);
}

/** A developer's decision, convention or preference as a fact: said outright, so held with high confidence. */
function developerFact(statement: DeveloperStatement, turn: SourceTurn): ExtractedFact {
  return {
    factType: factTypeOfStatement(statement),
    content: noteOfStatement(statement, (text) => toThirdPerson(text)),
    confidence: 'high',
    sourceTurns: [turn.seq],
  };
}

/** The person talks shop: CODING_TALK_SHARE of their sentences or more name what only software work names. */
function talksShop(turns: readonly SourceTurn[]): boolean {
  // "yes please", "thanks", "nice": a short answer is said in any register and tells none.
  const sentences = turns
    .filter((t) => t.role === 'user')
    .flatMap((t) => sentencesOf(cleanTurnText(proseOf(t.text))))
    .filter((sentence) => sentence.split(/\s+/).length >= 3);
  if (sentences.length === 0) return false;
  return sentences.filter(isShopTalk).length / sentences.length >= CODING_TALK_SHARE;
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

/** "I realized that I enjoy…" → "I enjoy…"; "I think the city is too loud" → nothing: an opinion about the world. */
const REALIZED =
  /^I(?: have|'ve)? (?:just |finally |recently )?(?:realized|realised|learned|learnt|noticed|discovered|figured out|found out|come to realize) (?:that )?(.+)$/i;
const OPINION =
  /^I(?: (?:really |honestly |just )?(?:think|guess|reckon|suppose|feel like|feel that|bet|figure|would say)|'d say)(?: what I'm (?:trying to say|saying) is)? (?:that )?(.+)$/i;
const SELF_WORD = /\b(?:I|I'm|I've|I'd|I'll|my|me|we|our|us)\b/;
/** ", that is my big goal this year" after a statement names what the statement is to the person. */
const APPOSITION = /,?\s+(?:that|this|which|it)(?:'s|’s| is| has been| will be) ((?:my|our) .+)$/i;

/** Statements in other words than the rules read, and what they say in those words. */
const RESTATED: ReadonlyArray<[RegExp, string]> = [
  // "What I really want is to feel my work matters", "The thing I value most is honesty": the person's
  // own want, love or value, said the long way round.
  [
    /^(?:what|the (?:thing|one thing|things)(?: that)?) I (?:really |most )?(want|need|love|enjoy|value|care about)(?: most| the most)? (?:is|are) (.+)$/i,
    'I $1 $2',
  ],
  // "Family comes first for me".
  [/^(.+?) (?:comes|come) first(?: for me| to me)?\b.*$/i, 'I value $1 most.'],
  // "My wife she is teacher": the pronoun after the one it names says them again.
  [/^((?:my|our) [a-z]+(?: [A-Z][a-z]+)?),? (?:she|he|they) /i, '$1 '],
  // "The knee is still giving me trouble": a part of the body named with "the" is the person's own.
  [
    /^the (knee|knees|back|hip|hips|shoulder|shoulders|neck|ankle|ankles|wrist|wrists|foot|feet|leg|legs|arm|arms|hand|hands|eyes|chest|stomach|head) /i,
    'My $1 ',
  ],
  // "The doctor put me on amlodipine" → "I was put on amlodipine": what was done to the person is about them.
  [
    /^(?:the|my) (?:doctor|gp|nurse|consultant|specialist|surgeon|physio|physiotherapist|therapist|dentist|cardiologist) (put|started|switched|took|moved) me (on|off|onto|to) /i,
    'I was $1 $2 ',
  ],
  // "The doctor doubled my dose": the person's own doctor.
  [
    /^the (doctor|gp|nurse|consultant|specialist|surgeon|physio|physiotherapist|therapist|dentist|cardiologist)\b(?=.*\b(?:my|me)\b)/i,
    'My $1',
  ],
  // "The climate matters to me a lot": what matters to them is a value.
  [
    /^(?:for me,? |to me,? )?(.+?) (?:matters|matter|is important|are important|means (?:a lot|everything|so much)|is everything|are everything) to (?:me|us)\b(?: (?:a lot|so much|deeply|most))?(.*)$/i,
    'I care about $1$2',
  ],
  // "Learning new things is what keeps me going".
  [/^(.+?) (?:is|are) what (?:keeps|keep) me going\b.*$/i, 'I value $1 most.'],
  // "For me, family is most important, job is second".
  [
    /^(?:for me|to me),? (.+?) (?:is|are) (?:the )?most important(?: (?:thing|things))?(?: in (?:my )?life)?(?:,? .+? (?:is|comes) second)?[.!]*$/i,
    'I value $1 most.',
  ],
  // "For me family and good food is the most important" → "I value family and good food most".
  [
    /^(?:for me|to me),? (.+?) (?:is|are|matters?) (?:the )?(?:most |really |very |so )?(?:important|what matters)(?: (?:thing|things))?(?: in (?:my )?life| to me)?[.!]*$/i,
    'I value $1 most.',
  ],
  // "The food truck idea is off" → "I dropped the food truck idea".
  [
    /^(?:the|my) (.{1,40}?) (idea|plan|dream|thing) (?:is|'s) (?:off|dead|over|cancell?ed|scrapped)\b[^.!?]*/i,
    'I dropped the $1 $2',
  ],
];

/** Verbs of liking, wanting and intending: said first with no subject ("hate flying tho"), the person is it. */
const ATTITUDE_VERBS =
  /^(?:love|hate|like|enjoy|prefer|miss|want|need|hope|plan|wish|adore|dislike|can't stand)\b/i;

/**
 * "Tore my calf Saturday", "Hate flying tho", "Want to learn Portuguese": the subject people leave out when
 * they text is the person. A sentence that opens with a past-tense verb, or with a verb of liking or wanting,
 * gets its "I" back; any other bare verb is a request to the other speaker ("Add a retry"), left as it is.
 */
function withSubjectRestored(text: string): string {
  const first = termsOf(parse(text))[0];
  if (!first || !first.tags.includes('Verb')) return text;
  const past =
    first.tags.includes('PastTense') && !first.tags.includes('Participle') && !/^had\b/i.test(text);
  if (!past && !ATTITUDE_VERBS.test(text)) return text;
  return `I ${text[0].toLowerCase()}${text.slice(1)}`;
}

/**
 * "I painted that lake sunrise", "I signed up for that watercolour class": a demonstrative before a thing
 * named in two words or more names it well enough on its own, so it reads "the"; "that idea", "this one"
 * and a time ("this year") are left as they are.
 */
function namedNotPointed(text: string): string {
  const doc = parse(text);
  const named = doc.match('(that|this|those|these) (#Adjective|#Noun) #Noun+');
  if (!named.found) return text;
  for (const phrase of named.json() as Array<{ text: string; terms: Term[] }>) {
    const [pointer, ...words] = phrase.terms;
    // "I noticed that my co-founder Ravi …": a "that" that joins a clause points at nothing.
    if (!pointer?.tags.includes('Determiner')) continue;
    const namesItself = (t: Term) =>
      !t.tags.includes('Date') &&
      !t.tags.includes('Possessive') &&
      !t.tags.includes('Pronoun') &&
      !TIME_UNITS.has(t.normal) &&
      !VAGUE.has(t.normal);
    if (!words.every(namesItself)) continue;
    const said = phrase.text.replace(/[.,;:!?]+$/, '');
    text = text.replace(said, `the${said.slice(said.indexOf(' '))}`);
  }
  return text;
}

function statementOf(text: string): string {
  // "Starting at a new restaurant next Monday", "climbing three times a week": the person, unsaid.
  const clause = termsOf(parse(text.split(/[,;:]/)[0]));
  // …unless the gerund is the subject of a verb of its own ("Relaxing is key", "Cooking helps me").
  const gerundSubject = clause
    .slice(1)
    .some(
      (t) =>
        t.tags.includes('Copula') ||
        (t.tags.includes('PresentTense') &&
          !t.tags.includes('Infinitive') &&
          /s$/.test(t.normal)) ||
        /^(?:helps|makes|keeps|gives|means|feels|sounds|seems|takes|brings)$/.test(t.normal),
    );
  // "Exhausting and wonderful": adjectives in -ing with nothing they act on are how it felt, not a doing.
  const actsOnSomething = clause.slice(1).some((t) => isContentNoun(t) || t.tags.includes('Value'));
  if (
    clause[0]?.tags.includes('Gerund') &&
    !gerundSubject &&
    actsOnSomething &&
    !/^(?:being|having)\b/i.test(text)
  )
    text = `I'm ${text[0].toLowerCase()}${text.slice(1)}`;
  else text = withSubjectRestored(text);
  for (const [pattern, replacement] of RESTATED) {
    if (pattern.test(text)) {
      // "I care about The climate": the words moved behind the new subject keep a capital only for a name.
      text = text
        .replace(pattern, replacement)
        .replace(
          /^(I (?:care about|value) )(.+)$/,
          (_, lead: string, rest: string) => lead + lowerFirstWord(rest),
        );
      break;
    }
  }
  // "…, mostly for that reason": a reason that points back at what was said before adds nothing here.
  text = text.replace(
    /,?\s+(?:mostly |partly |just |all )?(?:for that reason|because of (?:that|this)|for this reason)(?=[.!]?$)/i,
    '',
  );
  text = text.replace(
    /,? (?:that|this)(?:'s|’s| is) (?:the|my|our) (dream|goal|plan|hope|aim)\b.*$/i,
    ', my $1',
  );
  text = namedNotPointed(text)
    // "That I really enjoy interviewing users." answers "What did you take away?": the "that" joins nothing here.
    .replace(/^that (?=(?:I|I'm|I've|I'd|we)\b)/i, '')
    // "I've always believed you should tell people the truth": the "you" of a belief is anyone.
    .replace(
      /\b(believe|believed|think|thought|feel|felt)( that)? you (should|shouldn't|must|can't|have to)\b/i,
      '$1$2 one $3',
    );
  const realized = REALIZED.exec(text);
  if (realized && SELF_WORD.test(realized[1])) text = realized[1]!;
  const opinion = OPINION.exec(text);
  if (opinion) {
    // The person's view of themselves is kept without the hedge; a view of anything else is not theirs to store.
    if (!/^(?:I|I'm|I've|I'd|I'll|my|we|our)\b/i.test(opinion[1])) return '';
    text = opinion[1]!;
  }
  text = text.replace(APPOSITION, ', $1');
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function factOf(raw: string, turn: SourceTurn): ExtractedFact | null {
  const text = statementOf(withoutOpeners(raw));
  if (!text) return null;
  const doc = parse(text);
  if (!judgeSentence(doc, termsOf(doc)).keep) return null;
  const tense = tenseOf(doc);
  const resolved = resolveDates(doc, turn.occurredAt, tense === 'past');
  const { factType, explicit } = classifyStatement(doc, {
    dated: resolved.day !== undefined,
    tense,
  });
  const said = turn.occurredAt ? isoDay(turn.occurredAt) : undefined;
  // A like sets nothing single-valued that a newer statement would replace; a relationship only where
  // the person lives or works ("I live in London with my wife").
  const found = factType === 'preference' ? undefined : subjectOf(doc, factType);
  const subject =
    factType === 'relationship' && found && !/^(?:home|job|partner)\b/.test(found)
      ? undefined
      : found;
  let content = toThirdPerson(resolved.text, { past: tense === 'past' })
    .replace(/[!]+$/, '.')
    .replace(/\s+([.,!?;])/g, '$1');
  if (!/[.!?]$/.test(content)) content += '.';
  // Every event dated: with no time said, the day it was told is the best bound there is. The date
  // lives in occurredOn; the text names a time only when the person did.
  const occurredOn = factType === 'event' ? (resolved.day ?? said) : resolved.day;
  return {
    factType,
    content,
    confidence: explicit || resolved.day ? 'high' : 'medium',
    sourceTurns: [turn.seq],
    ...(occurredOn ? { occurredOn } : {}),
    ...(subject ? { subject } : {}),
  };
}
