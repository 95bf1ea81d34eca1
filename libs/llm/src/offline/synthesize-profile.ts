import { extractFacts, type OfflineFact } from './extract-facts';
import { clip, contentWords, splitSentences, userText } from './text-tools';

export const PROFILE_MAX_CHARS = 1_200;
const CONTRAST = /\b(?:but|however|although|though|yet|torn between|on the other hand|struggle|conflicted|at the same time)\b/i;

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
    .sort((a, b) => (df.get(b) ?? 0) - (df.get(a) ?? 0) || (tf.get(b) ?? 0) - (tf.get(a) ?? 0) || a.localeCompare(b))
    .slice(0, count);
}

const sentence = (fact: OfflineFact): string => clip(fact.content, 160);

/**
 * Offline core profile from artifacts: recurring themes and stated values, key facts, tensions
 * (first-person sentences that hold a contrast), and open questions (the person's own, else one
 * joining the two strongest themes). Sections are filled in order and stop at ~1,200 characters.
 */
export function synthesizeProfile(texts: readonly string[]): string {
  const own = texts.map(userText);
  const facts = own.flatMap((text) => extractFacts(text));
  const topThemes = themes(own, 6);
  const values = facts.filter((f) => f.factType === 'value' || f.factType === 'preference').slice(0, 2);
  const keyFacts = facts.filter((f) => ['goal', 'decision', 'relationship', 'event'].includes(f.factType)).slice(0, 4);
  const sentences = own.flatMap((text) => splitSentences(text).map((s) => s.text));
  const tensions = [...new Set(sentences.filter((s) => CONTRAST.test(s) && /\b(?:I|my|me)\b/i.test(s) && !s.endsWith('?')))].slice(0, 2);
  const asked = [...new Set(sentences.filter((s) => s.endsWith('?') && /\b(?:I|my)\b/i.test(s)))].slice(0, 2);
  const questions = asked.length > 0 ? asked : topThemes.length >= 2 ? [`How do ${topThemes[0]} and ${topThemes[1]} shape each other for this person?`] : [];

  const sections: Array<[string, string[]]> = [
    ['Themes and values', [...(topThemes.length ? [`Recurring themes: ${topThemes.join(', ')}.`] : []), ...values.map(sentence)]],
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
