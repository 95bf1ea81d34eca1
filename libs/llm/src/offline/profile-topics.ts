import { eng } from 'stopword';
import stem from 'wink-porter2-stemmer';
import { parse, termsOf } from './nlp';
import { TIME_UNITS, VAGUE } from './person-facts/words';
import { contentWords } from './text-tools';

/**
 * Words that name no topic of a life: the facts' time units and vague nouns ("years", "thing"), the
 * rest of the calendar, and the words people use to talk about aims rather than the aims themselves.
 */
const NOT_A_TOPIC = new Set([
  ...TIME_UNITS,
  ...VAGUE,
  ...(
    'today tomorrow yesterday afternoon hour hours minute minutes moment moments decade decades seasons ' +
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june ' +
    'july august september october november december ways part parts someone anyone everyone people ' +
    'person goal goals plan plans dream dreams aim aims objective objectives target targets priority ' +
    'priorities ambition wish hope idea ideas reason reasons question questions answer problem problems ' +
    'point place end start step steps list note notes reflection reflections life mind feeling feelings ' +
    'sense fact matter case number numbers percent half rest side top first second last next other'
  ).split(' '),
]);

/** A kept English stop word list besides our own: "being", "doing" are grammar even as gerunds. */
const STOP_WORDS = new Set(eng);

/** One noun phrase a text names, without determiners and possessives, and the stem that keys it. */
interface NounPhrase {
  text: string;
  key: string;
}

/** "my two kids" → "kids"; "the bank job" → "bank job"; a phrase with no topic word gives none. */
function nounPhrase(root: string): NounPhrase | null {
  const words = root
    .toLowerCase()
    .replace(/[^a-z0-9' -]+/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/'s$/, ''))
    // "i'm", "don't": a contraction is grammar, not a topic
    .filter((w) => w && !w.includes("'") && contentWords(w).length > 0 && !/^\d/.test(w));
  // trailing words carry the head: "job" in "bank job"
  while (words.length && (NOT_A_TOPIC.has(words[0] ?? '') || STOP_WORDS.has(words[0] ?? '')))
    words.shift();
  const head = words.at(-1);
  if (!head || NOT_A_TOPIC.has(head) || STOP_WORDS.has(head) || head.length < 3) return null;
  return { text: words.slice(-2).join(' '), key: stem(head) };
}

/** The noun phrases of a text, in order (compromise's noun chunks, cut to their topic words). */
export function nounPhrasesOf(text: string): NounPhrase[] {
  // people's names, pronouns, dates and amounts are not topics
  const doc = parse(text.replace(/[‘’]/g, "'"));
  const nouns = doc.nouns().not('(#Pronoun|#Person|#Date|#Value)').json() as Array<{
    text?: string;
  }>;
  // "running", "baking" as a pastime: a gerund not carried by a verb ("keep wondering", "am running")
  const terms = termsOf(doc);
  const gerunds = terms
    .filter((t, i) => t.tags.includes('Gerund') && !terms[i - 1]?.tags.includes('Verb'))
    .map((t) => t.normal);
  return [...nouns.map((n) => n.text ?? ''), ...gerunds]
    .map(nounPhrase)
    .filter((p): p is NounPhrase => p !== null);
}

/**
 * The topics that recur across `texts`: noun phrases keyed by their head word's stem, ranked by how many
 * texts name them, then how often; each shown in its most frequent wording. A single text's topics are
 * those it names at least twice.
 */
export function recurringTopics(texts: readonly string[], count: number): string[] {
  const textCount = new Map<string, number>();
  const mentions = new Map<string, number>();
  const wordings = new Map<string, Map<string, number>>();
  for (const text of texts) {
    const phrases = nounPhrasesOf(text);
    for (const { key, text: wording } of phrases) {
      mentions.set(key, (mentions.get(key) ?? 0) + 1);
      const seen = wordings.get(key) ?? new Map<string, number>();
      seen.set(wording, (seen.get(wording) ?? 0) + 1);
      wordings.set(key, seen);
    }
    for (const key of new Set(phrases.map((p) => p.key)))
      textCount.set(key, (textCount.get(key) ?? 0) + 1);
  }
  const minTexts = texts.length > 1 ? 2 : 1;
  return [...mentions.keys()]
    .filter((key) => (textCount.get(key) ?? 0) >= minTexts && (mentions.get(key) ?? 0) >= 2)
    .sort(
      (a, b) =>
        (textCount.get(b) ?? 0) - (textCount.get(a) ?? 0) ||
        (mentions.get(b) ?? 0) - (mentions.get(a) ?? 0) ||
        a.localeCompare(b),
    )
    .slice(0, count)
    .map((key) => {
      const forms = [...(wordings.get(key) ?? new Map<string, number>()).entries()];
      // a wording said twice or more ("plant director"); else the head word alone ("nurse", not "real nurse")
      forms.sort((x, y) => y[1] - x[1] || x[0].length - y[0].length || x[0].localeCompare(y[0]));
      const [commonest] = forms;
      if (commonest && commonest[1] >= 2) return commonest[0];
      return commonest?.[0].split(' ').at(-1) ?? key;
    });
}
