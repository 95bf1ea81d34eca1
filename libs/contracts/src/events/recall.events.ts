import { z } from 'zod';

/**
 * Decision memory and the visited-node ledger (SPEC §8, seed 003): what a session chose, rejected or
 * deferred and why; which nodes one conversation has already looked at.
 */
export const DecisionRecorded = z.object({
  decisionId: z.string().min(1).max(200),
  topic: z.string().min(1).max(500),
  stance: z.enum(['chose', 'rejected', 'deferred']),
  rationale: z.string().max(4000),
  developer: z.string().max(200).optional(),
});

/** Short lessons distilled from one session's summary (seed 003), served with its prior work; a re-run replaces them. */
export const SessionLessonsRecorded = z.object({
  lessons: z.array(z.string().min(1).max(500)).max(10),
});

export const NodeVisited = z.object({
  /** A file path, a symbol, a URL: whatever the agent looked at. */
  nodeId: z.string().min(1).max(2000),
  note: z.string().max(1000).optional(),
});

export const recallEvents = { DecisionRecorded, SessionLessonsRecorded, NodeVisited } as const;
