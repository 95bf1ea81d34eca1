import { z } from 'zod';
import { storedCount } from './stored-integer';

export const FactType = z.enum([
  'value',
  'goal',
  'preference',
  'decision',
  'event',
  'insight',
  'relationship',
  'fact',
]);
export const Confidence = z.enum(['high', 'medium', 'low']);
/** Who wrote a fact: the coach or an agent (remember_fact), the person (`manual`), or extraction. */
export const FactSource = z.enum(['coach', 'agent', 'manual', 'extraction']);

const factBody = {
  factId: z.string().min(1).max(200),
  factType: FactType,
  content: z.string().min(1).max(1000),
  confidence: Confidence,
  source: FactSource,
  /** The session the fact came from: a session id, `manual`, or `artifact-extract`. */
  sourceSession: z.string().max(200),
  sourceSegment: storedCount.min(1).optional(),
  sourceArtifactId: z.string().max(200).optional(),
  /** The turn a remembered fact was taken from (the remember button, the coach's remember_fact): one fact per message. */
  sourceMessageSeq: z.number().int().nonnegative().optional(),
  /** The turns of `sourceSession` an extracted fact was read from (its provenance). */
  sourceTurns: z.array(z.number().int().nonnegative()).max(50).optional(),
  /** The day an event happened or is planned for, `YYYY-MM-DD`. */
  occurredOn: z.iso.date().optional(),
  /** The single-valued thing the fact sets (`home`, `job`, `goal:marathon`): a newer fact with the same subject supersedes it. */
  subject: z.string().min(1).max(80).optional(),
};

export const MemoryFactExtracted = z.object(factBody);
export const MemoryFactCreated = z.object(factBody);
export const MemoryFactEdited = z.object({
  factId: z.string(),
  content: z.string().min(1).max(1000).optional(),
  factType: FactType.optional(),
  confidence: Confidence.optional(),
  version: z.number().int().positive(),
  /** The person changed it (the memory API), as opposed to a restatement the extraction folded in; the provenance stays either way. */
  editedByPerson: z.boolean().optional(),
  /** A restatement folded in by extraction: the day it now carries. */
  occurredOn: z.iso.date().optional(),
});
/**
 * A newer fact changes an older one about the same thing (moved city, changed job, dropped a goal): the
 * old fact keeps its history, says what replaced it, and leaves context (docs/memory-facts.md).
 */
export const FactSuperseded = z.object({
  factId: z.string().min(1).max(200),
  supersededBy: z.string().min(1).max(200),
  subject: z.string().max(80).optional(),
});
export const MemoryFactDeleted = z.object({ factId: z.string() });
export const MemoryFactUsed = z.object({
  factIds: z.array(z.string()).min(1).max(500),
  usedAt: z.iso.datetime({ offset: true }),
});

/**
 * A fact only proposed. In the log its `content` and `sensitiveReason` are sealed (AES-256-GCM,
 * `trail:v1:…`; docs/memory-facts.md), so they are longer there than the text they hold.
 */
export const MemoryFactProposed = z.object({
  ...factBody,
  content: z.string().min(1).max(8000),
  proposalId: z.string(),
  sensitiveReason: z.string().max(2000),
});
export const ProposalConfirmed = z.object({ proposalId: z.string() });
export const ProposalRejected = z.object({ proposalId: z.string() });
export const ProposalLapsed = z.object({ proposalId: z.string() });
/** A pending proposal was shown to the person (offered once, at the next turn). */
export const ProposalOffered = z.object({ proposalId: z.string() });

export const PlanActivated = z.object({
  planId: z.string(),
  activatedAt: z.iso.datetime({ offset: true }),
});
export const PlanCheckedIn = z.object({ planId: z.string(), progress: z.string().max(300) });
export const PlanClosed = z.object({
  planId: z.string(),
  reason: z.enum(['completed', 'abandoned', 'lapsed']),
});

/**
 * A session went quiet (30 minutes, no pause after its last turn) and its unextracted turns
 * were read for facts once; the marker keeps the sweep from extracting the same stretch again.
 */
export const SessionQuietExtracted = z.object({
  /** The log sequence of the newest turn the extraction read. */
  throughSeq: z.number().int().positive(),
  lastTurnAt: z.iso.datetime({ offset: true }),
  outcome: z.enum(['extracted', 'skipped', 'failed']),
});

export const memoryEvents = {
  MemoryFactExtracted,
  MemoryFactCreated,
  MemoryFactEdited,
  FactSuperseded,
  MemoryFactDeleted,
  MemoryFactUsed,
  MemoryFactProposed,
  ProposalConfirmed,
  ProposalRejected,
  ProposalLapsed,
  ProposalOffered,
  PlanActivated,
  PlanCheckedIn,
  PlanClosed,
  SessionQuietExtracted,
} as const;
