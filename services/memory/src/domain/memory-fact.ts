import type { z } from 'zod';
import type { Confidence, FactSource, FactType } from '@mnemo/contracts';

export type FactTypeName = z.infer<typeof FactType>;
export type ConfidenceLevel = z.infer<typeof Confidence>;
export type FactSourceName = z.infer<typeof FactSource>;

/** Where a fact came from; `sourceSession` is also its dedup scope. */
export interface FactOrigin {
  sourceSession: string;
  sourceSegment?: number;
  sourceArtifactId?: string;
}

/** What an extraction read each fact from and when (docs/memory-facts.md): the turns of `sourceSession`, the day an event is on, the subject it sets. */
export interface FactDetail {
  sourceTurns?: number[];
  occurredOn?: string;
  subject?: string;
  /** A sensitive category the extractor gave (health_condition, limitation, medication). */
  category?: string;
}

/** A fact that passed validation and has no id yet. */
export interface CandidateFact extends FactOrigin, FactDetail {
  factType: FactTypeName;
  content: string;
  confidence: ConfidenceLevel;
  /** Defaults to `extraction` when planned into writes. */
  source?: FactSourceName;
}

/** A stored fact, or a pending proposal, as the dedup step sees it. */
export interface ExistingFact {
  factId: string;
  factType: FactTypeName;
  content: string;
  confidence: ConfidenceLevel;
  sourceSession: string;
  /** A pending proposal is matched too, so the same sensitive fact is not proposed twice. */
  kind?: 'fact' | 'proposal';
  /** The single-valued thing it sets; a newer fact with the same subject supersedes it. */
  subject?: string;
}

const RANK: Record<ConfidenceLevel, number> = { high: 3, medium: 2, low: 1 };
export const confidenceRank = (c: ConfidenceLevel): number => RANK[c];
export const higherConfidence = (a: ConfidenceLevel, b: ConfidenceLevel): ConfidenceLevel =>
  RANK[b] > RANK[a] ? b : a;
