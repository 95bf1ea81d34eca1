import { z } from 'zod';
import { deterministicUuid } from '@mnemo/contracts';

export const InsightKind = z.enum(['contradiction', 'evolution', 'theme']);
export type InsightKind = z.infer<typeof InsightKind>;

/** One insight as the model (or the offline rules) answers it. */
export const InsightAnswer = z.object({
  kind: InsightKind,
  summary: z.string().min(1).max(2000),
  artifactA: z.string().min(1).max(200),
  artifactB: z.string().min(1).max(200),
});
export type InsightAnswer = z.infer<typeof InsightAnswer>;

export interface KnownArtifact {
  id: string;
  savedAt: string;
}

export interface Candidate {
  insightId: string;
  kind: InsightKind;
  text: string;
  artifactA: string;
  artifactB: string;
}

/** Namespace of insight ids (a fixed v4 UUID, chosen once). */
const INSIGHT_NAMESPACE = '9d2b7c41-6e3a-4f58-b1c9-0a7e5d3f2b16';

/**
 * An insight's id is its account, kind and unordered artifact pair: the same finding detected again
 * (with other words) is the same insight, so a dismissed or deleted one is recognized and never returns.
 */
export function insightId(accountId: string, kind: InsightKind, a: string, b: string): string {
  const [first, second] = [a, b].sort();
  return deterministicUuid(INSIGHT_NAMESPACE, JSON.stringify([accountId, kind, first, second]));
}

/**
 * The answers worth recording: both artifacts known and distinct, the pair in time order (older
 * first), one per kind and pair, and none the person dismissed or deleted.
 */
export function candidates(
  accountId: string,
  answers: readonly InsightAnswer[],
  known: readonly KnownArtifact[],
  suppressed: ReadonlySet<string>,
): Candidate[] {
  const savedAt = new Map(known.map((k) => [k.id, k.savedAt]));
  const out = new Map<string, Candidate>();
  for (const answer of answers) {
    const { kind, artifactA, artifactB } = answer;
    if (artifactA === artifactB || !savedAt.has(artifactA) || !savedAt.has(artifactB)) continue;
    const id = insightId(accountId, kind, artifactA, artifactB);
    if (suppressed.has(id) || out.has(id)) continue;
    const [older, newer] =
      savedAt.get(artifactA)! <= savedAt.get(artifactB)!
        ? [artifactA, artifactB]
        : [artifactB, artifactA];
    out.set(id, {
      insightId: id,
      kind,
      text: answer.summary.trim(),
      artifactA: older,
      artifactB: newer,
    });
  }
  return [...out.values()];
}
