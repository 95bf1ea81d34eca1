import type { ArtifactText } from './artifact-source';
import { CHANGE_MARKER, opposedOn, stancesOf } from './stance';
import { recurringTopics } from './profile-topics';
import { clip, userText } from './text-tools';

export type OfflineInsightKind = 'contradiction' | 'evolution' | 'theme';

export interface OfflineInsight {
  kind: OfflineInsightKind;
  summary: string;
  /** The older artifact of the pair, then the newer. */
  artifactA: string;
  artifactB: string;
}

/** Two artifacts share a theme when at least this many topics (noun phrases, pastimes) recur in both. */
export const THEME_MIN_SHARED_TOPICS = 2;
const THEME_TOPICS_SHOWN = 3;

const quote = (sentence: string) => `"${clip(sentence.replace(/[.!]+$/, ''), 140)}"`;

/** The topics both artifacts name, the most named first (docs/profile.md: never a time or filler word). */
const sharedTopics = (a: ArtifactText, b: ArtifactText): string[] =>
  recurringTopics([userText(a.content), userText(b.content)], THEME_TOPICS_SHOWN);

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
 * a recurring theme by the topics both name, and a contradiction or an evolution from opposite first-person
 * statements on the same topic. Deterministic: the same artifacts give the same insights.
 */
export function detectInsights(
  focus: ArtifactText,
  others: readonly ArtifactText[],
): OfflineInsight[] {
  const out: OfflineInsight[] = [];
  for (const other of [...others].filter((o) => o.id !== focus.id).sort(byTime)) {
    const [older, newer] = [focus, other].sort(byTime) as [ArtifactText, ArtifactText];
    const shared = sharedTopics(older, newer);
    if (shared.length >= THEME_MIN_SHARED_TOPICS) {
      const list = `${shared.slice(0, -1).join(', ')} and ${shared.at(-1)}`;
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
