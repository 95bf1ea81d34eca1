/**
 * The wording of the stored statement: the person's own words restated as a plain first-person statement
 * (subject restored, hedges and pointers dropped) before it is judged and put in the third person.
 */

import { parse, termsOf, type Term } from '../nlp';
import { TIME_UNITS, VAGUE, isContentNoun } from './words';

/** "The new manager…" → "the new manager…" inside a joined sentence; "I", names and acronyms keep their capital. */
export const lowerFirstWord = (sentence: string): string => {
  const first = termsOf(parse(sentence))[0];
  const keepsCapital =
    !first ||
    first.normal === 'i' ||
    first.normal.startsWith("i'") ||
    first.tags.some((t) => t === 'ProperNoun' || t === 'Acronym');
  return keepsCapital ? sentence : sentence.charAt(0).toLowerCase() + sentence.slice(1);
};

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
  // "The Leeds move is off", "my trip's cancelled": the person's plan, called off.
  [
    /^(?:the |my |our )?((?:[A-Za-z]+ ){0,3}(?:move|trip|wedding|party|holiday|plan|plans|course|lessons?|appointment|visit|interview|surgery|operation|job offer|offer|race|marathon))(?: is|'s|s| has been| got) (?:off|cancell?ed|called off)\b/i,
    'I called off the $1',
  ],
  // "They pushed my review to 10 April": the person's own appointment, moved by someone else.
  [
    /^(?:they|he|she|(?:the|my|our) [a-z]+) (moved|pushed|postponed|rescheduled|put back|brought forward|bumped|delayed|changed) (my|our) ([a-z ]+?) (to|until|till|back to) /i,
    '$2 $3 was $1 $4 ',
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
  // "The plan is to move to Lisbon in the autumn": said by the person of their own life, the plan is theirs.
  [/^(?:so,? |and )?(?:the |my )?(?:plan|idea)(?: now)? is to (.+)$/i, 'I plan to $1'],
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
  return `I ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
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

export function statementOf(text: string): string {
  // "Starting at a new restaurant next Monday", "climbing three times a week": the person, unsaid.
  const clause = termsOf(parse(text.split(/[,;:]/)[0] ?? ''));
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
  // "Sleeping much better", "eating less": a habit that changed is the person's with no object too; "feeling
  // better" is how they are today.
  const changedHabit =
    !/^(?:feeling|doing|getting|looking|being|going)\b/i.test(text) &&
    clause.slice(1).some((t) => /^(?:better|worse|more|less)$/.test(t.normal));
  const actsOnSomething =
    changedHabit || clause.slice(1).some((t) => isContentNoun(t) || t.tags.includes('Value'));
  if (
    clause[0]?.tags.includes('Gerund') &&
    !gerundSubject &&
    actsOnSomething &&
    !/^(?:being|having)\b/i.test(text)
  )
    text = `I'm ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
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
  const realizedClause = realized?.[1];
  if (realizedClause !== undefined && SELF_WORD.test(realizedClause)) text = realizedClause;
  const opinion = OPINION.exec(text);
  const view = opinion?.[1];
  if (view !== undefined) {
    // The person's view of themselves is kept without the hedge; a view of anything else is not theirs to store.
    if (!/^(?:I|I'm|I've|I'd|I'll|my|we|our)\b/i.test(view)) return '';
    text = view;
  }
  text = text.replace(APPOSITION, ', $1');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
