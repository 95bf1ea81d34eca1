/**
 * The single-valued thing a statement sets (home, job, partner, an activity, an aim's object), so that a
 * newer statement about the same subject supersedes the older one.
 */

import { parse, type Doc, type Term } from '../nlp';
import { head, subjectWordsOf, isContentNoun } from './words';
import { type FactType, wantsTo } from './fact-type';

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

export const CHANGE_OF_MIND =
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
  // "I share a room in the dorm with my roommate Hanna" tells who, not where: a move ends where the person
  // lived, never who they shared it with (docs/memory-facts.md, "supersession"); "I live in London with my wife" still says where.
  const homeVerbs =
    factType === 'relationship'
      ? '(live|lives|living|lived|move|moved|moving|relocate|relocated|relocating)'
      : '(live|lives|living|lived|move|moved|moving|relocate|relocated|relocating|share|sharing|staying)';
  if (self && near(doc, homeVerbs, '(#Place|dorm|flat|apartment|house|home|room)', 4))
    return 'home';
  // "Our new flat in Cardiff has a garden": a new home said in passing is where the person lives now.
  if (doc.has('(my|our) new (flat|house|apartment|home|place|cottage|bungalow) (in|at|near|by)'))
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
