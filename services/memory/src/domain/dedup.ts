import { meaningSimilarity } from '@mnemo/llm';
import type { CandidateFact, ExistingFact } from './memory-fact';

/** Two facts whose token sets have a Dice coefficient at or above this are the same fact reworded. */
export const NEAR_DUPLICATE_THRESHOLD = 0.8;

// Words that carry no meaning of their own. Negations ("not", "never", "no") are kept on purpose:
// "wants kids" and "never wants kids" must not collapse into one token set.
const STOP_WORDS = new Set(
  (
    'a an the and or but of to in on at for with from by as is are was were be been being am it its this that these those ' +
    'i me my mine he him his she her hers they them their we us our you your user person s has have had do does did ' +
    'will would should could can may might very really just also so than then there here about into over'
  ).split(' '),
);

/** Lowercase, apostrophes folded, punctuation stripped, whitespace collapsed, stop words dropped. */
export function normalizeFactText(text: string): string {
  return tokens(text).join(' ');
}

function tokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w.length > 0 && !STOP_WORDS.has(w));
}

/**
 * How alike two facts are by their meaning words, in [0, 1] (docs/memory.md, "Near-duplicates"): lemmas, so
 * "a love for horses" and "loves horses" share their words, and WordNet's most common senses, so "films"
 * and "movies" do; a negation on one side only makes them unlike.
 */
export function factSimilarity(a: string, b: string): number {
  const left = new Set(tokens(a));
  const right = new Set(tokens(b));
  // All stop words on both sides: only the same wording counts as the same fact.
  if (left.size === 0 || right.size === 0)
    return left.size === right.size && a.trim().toLowerCase() === b.trim().toLowerCase() ? 1 : 0;
  return meaningSimilarity(a, b);
}

/**
 * The existing fact a candidate restates: same factType, same dedup scope (source session), most similar
 * at or above the threshold; the first one wins a tie. Null when the candidate is new.
 */
export function findNearDuplicate<T extends ExistingFact>(
  candidate: Pick<CandidateFact, 'factType' | 'content' | 'sourceSession'>,
  existing: readonly T[],
  threshold = NEAR_DUPLICATE_THRESHOLD,
): T | null {
  let best: T | null = null;
  let bestScore = -1;
  for (const fact of existing) {
    if (fact.factType !== candidate.factType || fact.sourceSession !== candidate.sourceSession)
      continue;
    const score = factSimilarity(candidate.content, fact.content);
    if (score >= threshold && score > bestScore) {
      best = fact;
      bestScore = score;
    }
  }
  return best;
}
