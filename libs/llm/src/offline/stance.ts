import { contentWords, splitSentences, userText } from './text-tools';

const NEGATIVE =
  /\b(?:not|never|no longer|don't|do not|doesn't|does not|didn't|did not|can't|cannot|won't|will not|hate|dislike|stop(?:ped)?|quit|avoid|against|anymore|nothing|no)\b/i;
const FIRST_PERSON = /\b(?:I|my|me|I'm|I've)\b/;
/** Words that mark a stance as a change over time rather than a clash. */
export const CHANGE_MARKER =
  /\b(?:now|no longer|anymore|used to|changed my mind|these days|since then|started|stopped|finally|began|began to|have come to)\b/i;

export interface Stance {
  sentence: string;
  /** Content words: what the sentence is about. */
  topics: Set<string>;
  positive: boolean;
}

/** The person's first-person statements with their polarity: the raw material of tensions, contradictions and evolutions. */
export function stancesOf(text: string): Stance[] {
  return splitSentences(userText(text))
    .map((s) => s.text)
    .filter((sentence) => FIRST_PERSON.test(sentence) && !sentence.endsWith('?'))
    .map((sentence) => ({
      sentence,
      topics: new Set(contentWords(sentence).filter((w) => w.length >= 4)),
      positive: !NEGATIVE.test(sentence),
    }));
}

/** Two statements are on the same topic when they share at least this many content words (one is too loose: "work"). */
export const SAME_TOPIC_MIN_WORDS = 2;

/** The topic two stances share (its first word, alphabetically) when they take opposite sides of it. */
export function opposedOn(a: Stance, b: Stance): string | null {
  if (a.positive === b.positive) return null;
  const shared = [...a.topics].filter((topic) => b.topics.has(topic)).sort();
  return shared.length >= SAME_TOPIC_MIN_WORDS ? (shared[0] ?? null) : null;
}
