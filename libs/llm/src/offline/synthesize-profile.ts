import {
  isFactsSource,
  parseArtifactSource,
  parseFactsSource,
  type FactLine,
} from './artifact-source';
import { extractFacts, type OfflineFact } from './extract-facts';
import { opposedOn, stancesOf } from './stance';
import { clip, contentWords, splitSentences, userText } from './text-tools';

export const PROFILE_MAX_CHARS = 1_200;
const CONTRAST =
  /\b(?:but|however|although|though|yet|torn between|on the other hand|struggle|conflicted|at the same time)\b/i;
const KEY_FACT_TYPES = new Set(['goal', 'decision', 'relationship', 'event']);

/** Terms ranked by how many texts use them, then how often: a theme recurs across artifacts. */
function themes(texts: readonly string[], count: number): string[] {
  const df = new Map<string, number>();
  const tf = new Map<string, number>();
  for (const text of texts) {
    const words = contentWords(text);
    for (const word of words) tf.set(word, (tf.get(word) ?? 0) + 1);
    for (const word of new Set(words)) df.set(word, (df.get(word) ?? 0) + 1);
  }
  return [...tf.keys()]
    .filter((w) => (tf.get(w) ?? 0) >= 2)
    .sort(
      (a, b) =>
        (df.get(b) ?? 0) - (df.get(a) ?? 0) ||
        (tf.get(b) ?? 0) - (tf.get(a) ?? 0) ||
        a.localeCompare(b),
    )
    .slice(0, count);
}

const sentence = (fact: OfflineFact | FactLine): string => clip(fact.content, 160);
const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Opposite statements on one topic in two different texts: "X — yet: Y". */
function opposites(texts: readonly string[]): string[] {
  const stances = texts.map(stancesOf);
  const out: string[] = [];
  stances.forEach((earlier, i) => {
    for (const later of stances.slice(i + 1)) {
      for (const a of earlier) {
        const b = later.find((candidate) => opposedOn(a, candidate));
        if (b) {
          out.push(`${clip(a.sentence, 75)} — yet: ${clip(b.sentence, 75)}`);
          break;
        }
      }
    }
  });
  return out;
}

/**
 * Offline core profile from the artifacts and the stored facts (a `factsSource` among the sources):
 * the most frequent themes and stated values; key facts, the person's confirmed and high-confidence
 * ones first; tensions, opposite statements across artifacts first, then sentences that hold a
 * contrast; open questions (the person's own, else one joining the two strongest themes). Sections
 * fill in order and stop at ~1,200 characters.
 */
export function synthesizeProfile(sources: readonly string[]): string {
  const stored = sources.filter(isFactsSource).flatMap(parseFactsSource);
  const own = sources
    .filter((s) => !isFactsSource(s))
    .map((s, i) => userText(parseArtifactSource(s, i).content));
  const facts = own.flatMap((text) => extractFacts(text));
  const topThemes = themes(own, 6);
  const values = facts
    .filter((f) => f.factType === 'value' || f.factType === 'preference')
    .slice(0, 2);
  const strongStored = stored
    .filter((f) => f.confirmed || f.confidence === 'high')
    .sort((a, b) => Number(b.confirmed) - Number(a.confirmed));
  const seen = new Set(values.map((v) => key(v.content)));
  const keyFacts = [
    ...strongStored,
    ...facts.filter((f) => KEY_FACT_TYPES.has(f.factType) && f.confidence === 'high'),
  ]
    .filter((f) => !seen.has(key(f.content)) && seen.add(key(f.content)))
    .slice(0, 4);
  const sentences = own.flatMap((text) => splitSentences(text).map((s) => s.text));
  const contrasts = sentences.filter(
    (s) => CONTRAST.test(s) && /\b(?:I|my|me)\b/i.test(s) && !s.endsWith('?'),
  );
  const tensions = [...new Set([...opposites(own), ...contrasts])].slice(0, 2);
  const asked = [
    ...new Set(sentences.filter((s) => s.endsWith('?') && /\b(?:I|my)\b/i.test(s))),
  ].slice(0, 2);
  const questions =
    asked.length > 0
      ? asked
      : topThemes.length >= 2
        ? [`How do ${topThemes[0]} and ${topThemes[1]} shape each other for this person?`]
        : [];

  const sections: Array<[string, string[]]> = [
    [
      'Themes and values',
      [
        ...(topThemes.length ? [`Recurring themes: ${topThemes.join(', ')}.`] : []),
        ...values.map(sentence),
      ],
    ],
    ['Key facts', keyFacts.map(sentence)],
    ['Tensions', tensions.map((t) => clip(t, 160))],
    ['Open questions', questions.map((q) => clip(q, 160))],
  ];

  const lines: string[] = [];
  let length = 0;
  for (const [heading, items] of sections) {
    const fitting: string[] = [];
    for (const item of items) {
      const added = (fitting.length === 0 ? heading.length + 6 : 0) + item.length + 3;
      if (length + added > PROFILE_MAX_CHARS) break;
      fitting.push(item);
      length += added;
    }
    if (fitting.length) lines.push(`**${heading}:**`, ...fitting.map((item) => `- ${item}`));
  }
  return clip(lines.join('\n'), PROFILE_MAX_CHARS);
}
