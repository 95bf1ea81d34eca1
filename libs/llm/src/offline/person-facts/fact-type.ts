/**
 * The type a kept statement is (docs/memory.md, "Fact types") and the tense it is said in.
 */

import type { ExtractedFact } from '../../extraction/extracted-fact';
import type { Doc } from '../nlp';
import { KIN_WORDS, KIN } from './words';

export type FactType = ExtractedFact['factType'];

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
    doc.has('my #Adjective? (favorite|favourite|fav|fave)') ||
    // "I like more the tea than the coffee": a learner's comparison is the same like.
    doc.has('^i #Adverb? (like|love|prefer|enjoy) more') ||
    // "I'm not one for cooking", "not a big fan of crowds": a dislike said the polite way.
    doc.has('am #Adverb? not #Adverb? (one for|a #Adjective? fan of|much of a)') ||
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
  // "Tuesday nights", "sat nights", "on weekends", "twice a week": a time that comes round again.
  const habit =
    doc.has('(every|each|twice|weekly|daily|nightly)') ||
    doc.has('times a') ||
    /\bon (?:mon|tues|wednes|thurs|fri|satur|sun)days\b/i.test(doc.text()) ||
    /\b(?:mon|tues|wednes|thurs|fri|satur|sun|sat|sun)(?:day)? (?:nights|evenings|mornings|afternoons)\b|\b(?:on|at) (?:the )?weekends\b/i.test(
      doc.text(),
    );
  // "Has restarted Portuguese", "picked up a second job", "got a 2nd job": a habit or job taken up.
  if (
    habit &&
    (doc.has('(started|start|began|begun|taken up|took up|restarted|picked up)') ||
      doc.has('(got|have got|has got) (a|an|#Value) #Adjective? job'))
  )
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

export function wantsTo(doc: Doc): boolean {
  return (
    doc.has('my #Adjective? (goal|dream|aim|ambition|hope)') ||
    // "My plan is to buy a house": the plan named as the person's is an aim, whenever it is for.
    doc.has('my #Adjective? plan (is|was) to') ||
    doc.has('i #Adverb? (want|hope|plan|aim|wish|intend|dream) (to|of)') ||
    // "I want make Irish friends": a learner's want with no "to" is the same want.
    doc.has('^i #Adverb? want #Infinitive') ||
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

/** Verbs whose past is their present ("I quit the choir"): compromise reads them as present. */
const SAME_IN_PAST =
  '(quit|put|set|cut|let|hit|shut|read|spread|bet|cost|hurt|upset|split|shed|wed)';

/** What makes a present-tense statement a habit rather than a report ("I quit early every Friday"). */
const HABITUAL = '(every|usually|always|often|sometimes|never|each|generally|normally|tend)';

export function tenseOf(doc: Doc): 'past' | 'present' | 'future' {
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
