/**
 * The word lists and term helpers the person-fact rules share: who a word points at (the person, the
 * other speaker, someone else), the person's people, and which terms name something.
 */

import type { Doc, Term } from '../nlp';

/** Subject words that make the person the one a sentence is about ("ourselves" is an object, never that). */
export const SELF_SUBJECT = new Set(['i', 'me', 'my', 'we', 'us', 'our']);

export const FIRST_PERSON = new Set([
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

export const SECOND_PERSON = new Set([
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

export const THIRD_PERSON = new Set([
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

export const DEMONSTRATIVE = new Set(['this', 'that', 'these', 'those']);

/** "these days", "that week": a demonstrative before a unit of time names a time, not something said before. */
export const TIME_UNITS = new Set([
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

export const KIN_WORDS = `(${[
  'wife husband partner spouse fiance fiancee boyfriend girlfriend son daughter kids children mother mom mum father dad',
  'brother sister grandmother grandfather granddaughter grandson aunt uncle cousin friend boss manager co-founder',
  'cofounder roommate flatmate housemate neighbor neighbour dog cat',
]
  .join(' ')
  .split(' ')
  .join('|')})`;

export const KIN = new Set(
  'wife husband partner spouse fiance fiancee boyfriend girlfriend son sons daughter daughters kid kids child children baby mother mom mum father dad parent parents brother brothers sister sisters sibling siblings grandmother grandma grandfather grandpa grandparents granddaughter grandson grandchildren grandkids family aunt uncle cousin niece nephew friend friends bestie boss manager mentor colleague coworker coworkers co-founder cofounder roommate flatmate housemate neighbor neighbour dog cat puppy pets pet'.split(
    ' ',
  ),
);

/** The word a term's normal form starts with: `i'm` → `i`, `it's` → `it`. */
export const head = (term: Term): string => term.normal.split(/['’]/)[0] ?? '';

const ARTICLES = new Set(['a', 'an', 'the']);

// Nouns that name nothing in particular.
export const VAGUE = new Set([
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
export function subjectWordsOf(doc: Doc): string[] {
  const subject = (
    (doc.sentences().json() as Array<{ sentence?: { subject?: string } }>)[0]?.sentence?.subject ??
    ''
  ).toLowerCase();
  const words = subject.split(/[\s'’]+/).filter(Boolean);
  return doc.has('^#Adverb? (#Noun|#Possessive)+ and (i|we)') ? [...words, 'i'] : words;
}

export function isContentNoun(term: Term): boolean {
  if (!term.tags.includes('Noun') || term.tags.includes('Pronoun')) return false;
  const word = head(term);
  return (
    // the parser tags "a" in "save for a flat" as a noun: an article names nothing
    !ARTICLES.has(word) &&
    !VAGUE.has(word) &&
    !FIRST_PERSON.has(word) &&
    !SECOND_PERSON.has(word) &&
    !THIRD_PERSON.has(word) &&
    !DEMONSTRATIVE.has(word) &&
    !term.tags.includes('Date') &&
    !term.tags.includes('Duration')
  );
}
