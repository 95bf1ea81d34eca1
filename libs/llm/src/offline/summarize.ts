import { estimateTokens } from '../domain/estimate-tokens';
import { clip, contentWords, SPEAKER, splitSentences, termFrequencies } from './text-tools';

const LINE_PREFIX = '- ';
const FIRST_PERSON = /\b(I|I'm|I've|I'd|my|we|our)\b/;

/**
 * Extractive summary: scores each sentence by the frequency of its content words across the whole
 * text, nudged up at the start and end (where conversations state aims and land), and up for the
 * person's first-person statements. Picks the best that fit the token cap, in their original order.
 */
export function summarize(transcript: string, maxTokens: number): string {
  const sentences = splitSentences(transcript)
    .map((s) => ({ ...s, text: s.text.replace(SPEAKER, (label) => `${label.replace(/\*/g, '').trim()} `) }))
    .filter((s) => contentWords(s.text).length >= 2);
  if (sentences.length === 0 || maxTokens <= 0) return '';
  const tf = termFrequencies(sentences.map((s) => s.text));
  const last = sentences.length - 1;
  const scored = sentences.map((s) => {
    const words = [...new Set(contentWords(s.text))];
    const weight = words.reduce((sum, w) => sum + (tf.get(w) ?? 0), 0) / Math.sqrt(words.length + 1);
    const position = s.index <= 1 || s.index >= last - 1 ? 1.25 : 1;
    const personal = FIRST_PERSON.test(s.text) ? 1.2 : 1;
    return { ...s, score: weight * position * personal };
  });
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);

  const chosen: typeof scored = [];
  let used = 0;
  for (const sentence of ranked) {
    // +1 per line for the newline that joins it
    const cost = estimateTokens(LINE_PREFIX + sentence.text) + 1;
    if (used + cost > maxTokens) continue;
    chosen.push(sentence);
    used += cost;
  }
  if (chosen.length === 0) {
    // Not even the best sentence fits: clip it rather than return nothing.
    return clip(LINE_PREFIX + ranked[0].text, maxTokens * 4);
  }
  return chosen
    .sort((a, b) => a.index - b.index)
    .map((s) => LINE_PREFIX + s.text)
    .join('\n');
}
