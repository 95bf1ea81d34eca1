/**
 * Whether a sentence of the person's is a fact at all (docs/memory-facts.md): a self-contained statement
 * about the person, not a question, greeting, offer, passing mood or small talk.
 */

import { parse, type Doc, type Term } from '../nlp';
import {
  SELF_SUBJECT,
  FIRST_PERSON,
  SECOND_PERSON,
  THIRD_PERSON,
  DEMONSTRATIVE,
  TIME_UNITS,
  KIN,
  head,
  subjectWordsOf,
  isContentNoun,
} from './words';

const THANKS = new Set(['thanks', 'thank', 'thx', 'ty', 'cheers']);

const MOOD_VERBS = new Set(['be', 'feel', 'sound', 'seem', 'look', 'get']);

type Verdict = { keep: false; why: string } | { keep: true };

/**
 * The fact rules (docs/memory-facts.md) that decide whether a sentence of the person's is a fact at all: a
 * self-contained statement about the person; not a greeting, question, thanks, offer or reply; nothing
 * addressed to or about the other speaker.
 */
export function judgeSentence(doc: Doc, terms: readonly Term[]): Verdict {
  const text = doc.text().trim();
  if (text.endsWith('?') || doc.questions().found || TAG_QUESTION.test(text))
    return { keep: false, why: 'question' };
  // "I don't know, everyone's so busy": a shrug before a view of the world.
  if (/^I (?:don'?t|do not) know(?:[,.!]|$)/i.test(text)) return { keep: false, why: 'small talk' };
  const words = terms.filter((t) => t.normal.length > 0);
  if (words.length < 3) return { keep: false, why: 'too short' };
  if (words.some((t) => SECOND_PERSON.has(head(t))))
    return { keep: false, why: 'about or to the other speaker' };
  if (words.some((t) => THANKS.has(head(t)))) return { keep: false, why: 'thanks' };
  if (!words.some((t) => FIRST_PERSON.has(head(t))))
    return { keep: false, why: 'not about the person' };
  const [opening] = words;
  if ((opening && head(opening) === 'if') || doc.has('^(maybe|perhaps)'))
    return { keep: false, why: 'hypothetical' };
  // "I could ask a couple of leads", "I'll see if I survive the coach", "a 10k, or maybe a half, no idea":
  // an option still open or a choice not made yet is no fact until the person settles it.
  if (UNDECIDED.test(text)) return { keep: false, why: 'undecided' };
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
  if (doc.has('^#Infinitive') && !(opening && FIRST_PERSON.has(head(opening))))
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
  // "My husband switched from beer to wine", "my sister sold her house": a change of someone else's that
  // touches nothing of the person's is their news (docs/memory-facts.md, "who holds it").
  if (
    subjectWords.some((w) => KIN.has(w)) &&
    !subjectWords.some((w) => SELF_SUBJECT.has(w) && w !== 'my' && w !== 'our') &&
    OTHERS_NEWS.test(text) &&
    !/\b(?:I|I'm|I've|I'd|I'll|me|we|we're|we've|us|my|our|mine|ours)\b/i.test(
      text.replace(/^(?:\w+ ){0,2}?(?:my|our) /i, ''),
    )
  )
    return { keep: false, why: "someone else's news" };

  // A pronoun needs its noun earlier in the same sentence; otherwise the fact leans on what came before.
  let sawNoun = false;
  for (const [i, term] of words.entries()) {
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

/** An option named but not taken: "I could…", "I might…", "I'll decide after…", "…, or maybe…", "no idea". */
const UNDECIDED =
  /^(?:\w+,?\s+)?(?:I|we) (?:could|might)\b(?! not\b| never\b| barely\b| hardly\b| only\b| always\b)|^(?:\w+,?\s+)?(?:I|we)(?:'ll| will) (?:\w+ )?(?:see (?:if|whether|how)|decide|think about|think it over|figure (?:it|that) out)\b|\b(?:or maybe|no idea|not sure yet|haven't decided|have not decided)\b/i;

/** What someone changed in their own life: quit, switched, gave up, sold, moved, left, changed. */
const OTHERS_NEWS =
  /\b(?:quit|quits|switched|switches|gave up|gives up|given up|change|changed|changes|sold|sells|stopped|stops|dropped|drops|moved|moves|left|leaves|retired|resigned)\b/i;

/** "…, aren't they", "…, isn't it", "…, don't you think": asking the other to agree, not telling a fact. */
const TAG_QUESTION =
  /,?\s+(?:(?:is|are|was|were|do|does|did|have|has|had|can|could|would|will|should)n'?t (?:it|they|he|she|we|you|there|that)|don'?t you think|right)[.!]*$/i;

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
