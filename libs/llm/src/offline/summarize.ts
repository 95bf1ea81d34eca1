import { estimateTokens } from '../domain/estimate-tokens';
import { dayLabel, isoDay, type SourceTurn } from '../extraction/source-turn';
import { parse, sentencesOf } from './nlp';
import { resolveDates } from './resolve-dates';
import { cleanTurnText, clip, contentWords, turnsFromTranscript } from './text-tools';

/** A summary fits 1,024 tokens (docs/compaction.md). */
export const SUMMARY_MAX_TOKENS = 1_024;
/** An extractive summary keeps about a fifth of what was said (never fewer than three sentences): a summary, not the transcript. */
const KEEP_SHARE = 0.2;
const MIN_KEPT = 3;
const DAMPING = 0.85;
const ITERATIONS = 40;
const LABEL = { user: 'User', assistant: 'Assistant' } as const;

interface Candidate {
  text: string;
  words: Set<string>;
  turn: SourceTurn;
  order: number;
}

/** TextRank's sentence similarity: shared content words over the log of both lengths. */
function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size < 2 || b.size < 2) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared === 0 ? 0 : shared / (Math.log(a.size) + Math.log(b.size));
}

/** PageRank over the sentence-similarity graph (Mihalcea and Tarau's TextRank), fixed iterations so it is deterministic. */
function textRank(candidates: readonly Candidate[]): number[] {
  const n = candidates.length;
  const weights = candidates.map((a, i) =>
    candidates.map((b, j) => (i === j ? 0 : similarity(a.words, b.words))),
  );
  const outSums = weights.map((row) => row.reduce((sum, w) => sum + w, 0));
  let scores = new Array<number>(n).fill(1);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const previous = scores;
    scores = previous.map((_, i) => {
      let incoming = 0;
      weights.forEach((row, j) => {
        const w = row[i] ?? 0;
        if (w > 0) incoming += (w / (outSums[j] ?? 1)) * (previous[j] ?? 0);
      });
      return 1 - DAMPING + DAMPING * incoming;
    });
  }
  return scores;
}

function candidatesOf(turns: readonly SourceTurn[]): Candidate[] {
  const out: Candidate[] = [];
  for (const turn of turns) {
    for (const sentence of sentencesOf(cleanTurnText(turn.text))) {
      // Questions, greetings and one-word replies carry nothing a later session needs.
      if (sentence.endsWith('?')) continue;
      const words = new Set(contentWords(sentence));
      if (words.size < 3) continue;
      const doc = parse(sentence);
      const text = resolveDates(doc, turn.occurredAt, doc.has('#PastTense')).text;
      out.push({ text, words, turn, order: out.length });
    }
  }
  return out;
}

const lineOf = (c: Candidate): string =>
  `- ${c.turn.occurredAt ? `${dayLabel(isoDay(c.turn.occurredAt))} · ` : ''}${LABEL[c.turn.role]}: ${c.text}`;

/**
 * Offline extractive summary: the most central sentences of both speakers by TextRank, about
 * a fifth of them, each with its day and speaker and its relative times resolved, in the order they were
 * said and within the token cap. It reads as what was said, never the turn list itself.
 */
export function summarizeTurns(
  turns: readonly SourceTurn[],
  maxTokens = SUMMARY_MAX_TOKENS,
): string {
  const candidates = candidatesOf(turns);
  if (candidates.length === 0 || maxTokens <= 0) return '';
  const scores = textRank(candidates);
  const ranked = candidates
    .map((c, i) => ({ c, score: scores[i] ?? 0 }))
    .sort((a, b) => b.score - a.score || a.c.order - b.c.order);
  const keep = Math.max(MIN_KEPT, Math.ceil(candidates.length * KEEP_SHARE));
  const chosen: Candidate[] = [];
  let used = 0;
  for (const { c } of ranked) {
    if (chosen.length >= keep) break;
    const cost = estimateTokens(lineOf(c)) + 1;
    if (used + cost > maxTokens) continue;
    chosen.push(c);
    used += cost;
  }
  const best = ranked[0];
  if (chosen.length === 0) return best ? clip(lineOf(best.c), maxTokens * 4) : '';
  return chosen
    .sort((a, b) => a.order - b.order)
    .map(lineOf)
    .join('\n');
}

/** The same summary from a transcript written as `User: …` / `Assistant: …` blocks, with no dates. */
export function summarize(transcript: string, maxTokens = SUMMARY_MAX_TOKENS): string {
  return summarizeTurns(turnsFromTranscript(transcript), maxTokens);
}
