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

/** A fact that passed validation and has no id yet. */
export interface CandidateFact extends FactOrigin {
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
}

const RANK: Record<ConfidenceLevel, number> = { high: 3, medium: 2, low: 1 };
export const confidenceRank = (c: ConfidenceLevel): number => RANK[c];
export const higherConfidence = (a: ConfidenceLevel, b: ConfidenceLevel): ConfidenceLevel => (RANK[b] > RANK[a] ? b : a);
