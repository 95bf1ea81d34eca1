import type { ArtifactText } from './artifact-source';
import { CHANGE_MARKER, opposedOn, stancesOf } from './stance';
import { clip, contentWords, userText } from './text-tools';

export type OfflineInsightKind = 'contradiction' | 'evolution' | 'theme';

export interface OfflineInsight {
  kind: OfflineInsightKind;
  summary: string;
  /** The older artifact of the pair, then the newer. */
  artifactA: string;
  artifactB: string;
}

/** Two artifacts share a theme when at least this many content words recur in both. */
export const THEME_MIN_SHARED_WORDS = 2;
const THEME_WORDS_SHOWN = 3;

function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of contentWords(userText(text))) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

const quote = (sentence: string) => `"${clip(sentence.replace(/[.!]+$/, ''), 140)}"`;

function sharedTheme(a: ArtifactText, b: ArtifactText): string[] {
  const ca = termCounts(a.content);
  const cb = termCounts(b.content);
  return [...ca.keys()]
    .filter((word) => cb.has(word) && word.length >= 4)
    .sort(
      (x, y) =>
        Math.min(cb.get(y)!, ca.get(y)!) - Math.min(cb.get(x)!, ca.get(x)!) || x.localeCompare(y),
    );
}

/** Opposite polarity on a shared topic; a change marker in the newer statement makes it an evolution. */
function clash(older: ArtifactText, newer: ArtifactText): OfflineInsight | null {
  const before = stancesOf(older.content);
  const after = stancesOf(newer.content);
  for (const b of after) {
    for (const a of before) {
      const topic = opposedOn(a, b);
      if (!topic) continue;
      if (CHANGE_MARKER.test(b.sentence)) {
        return {
          kind: 'evolution',
          summary: `On ${topic}, the stance moved from ${quote(a.sentence)} to ${quote(b.sentence)}.`,
          artifactA: older.id,
          artifactB: newer.id,
        };
      }
      return {
        kind: 'contradiction',
        summary: `On ${topic}, ${quote(a.sentence)} pulls against ${quote(b.sentence)}.`,
        artifactA: older.id,
        artifactB: newer.id,
      };
    }
  }
  return null;
}

const byTime = (x: ArtifactText, y: ArtifactText) =>
  x.savedAt.localeCompare(y.savedAt) || x.id.localeCompare(y.id);

/**
 * Offline cross-artifact insights between a focus artifact (the one just saved) and each other one:
 * a recurring theme by lexical overlap, and a contradiction or an evolution from opposite first-person
 * statements on the same topic. Deterministic: the same artifacts give the same insights.
 */
export function detectInsights(
  focus: ArtifactText,
  others: readonly ArtifactText[],
): OfflineInsight[] {
  const out: OfflineInsight[] = [];
  for (const other of [...others].filter((o) => o.id !== focus.id).sort(byTime)) {
    const [older, newer] = [focus, other].sort(byTime) as [ArtifactText, ArtifactText];
    const shared = sharedTheme(older, newer);
    if (shared.length >= THEME_MIN_SHARED_WORDS) {
      const words = shared.slice(0, THEME_WORDS_SHOWN);
      const list =
        words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0];
      out.push({
        kind: 'theme',
        summary: `Both come back to ${list}.`,
        artifactA: older.id,
        artifactB: newer.id,
      });
    }
    const found = clash(older, newer);
    if (found) out.push(found);
  }
  return out;
}
