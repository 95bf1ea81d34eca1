/** The question as recall's search works on it, and a chunk ranked for it. */
import type { RecallRequest } from '@mnemo/contracts';
import type { QueryPlan } from '../../domain/plan-query';
import type { ChunkLexeme } from '../lexeme-weights';

/** Candidate chunks (by their share of the question) whose turns are ranked. */
export const CANDIDATES = 100;

/** A question as recall works on it: its plan, its scoring lexemes (rarest first) and the account's chunk count. */
export interface Question {
  accountId: string;
  request: RecallRequest;
  plan: QueryPlan;
  lexemes: ChunkLexeme[];
  totalIdf: number;
  chunks: number;
  /** Whether the account is small enough to read every match (at most config.exhaustiveChunks chunks). */
  small: boolean;
  /** The request's own floor (a hook calibrated on a benchmark), else the service's (MNEMO_RECALL_MIN_SCORE). */
  floor: number;
}

/** A chunk by its rank score, best first in a list, with the turns of it that answer when ranking chose them. */
export interface Ranked {
  chunkId: string;
  score: number;
  turnSeqs?: number[];
}
