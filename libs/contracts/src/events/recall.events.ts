import { z } from 'zod';

/**
 * Decision memory and the visited-node ledger (docs/coding-memory.md): what a session chose, rejected or
 * deferred and why; which nodes one conversation has already looked at.
 */
export const DecisionRecorded = z.object({
  decisionId: z.string().min(1).max(200),
  topic: z.string().min(1).max(500),
  stance: z.enum(['chose', 'rejected', 'deferred']),
  rationale: z.string().max(4000),
  developer: z.string().max(200).optional(),
});

/** Short lessons distilled from one session's summary (docs/coding-memory.md), served with its prior work; a re-run replaces them. */
export const SessionLessonsRecorded = z.object({
  lessons: z.array(z.string().min(1).max(500)).max(10),
});

export const NodeVisited = z.object({
  /** A file path, a symbol, a URL: whatever the agent looked at. */
  nodeId: z.string().min(1).max(2000),
  note: z.string().max(1000).optional(),
});

/** A skill's name as Claude Code takes it in SKILL.md: lowercase letters, digits and hyphens. */
export const skillName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase letters, digits and single hyphens');

/**
 * Recurring successful work proposed as a Claude Code skill (docs/learning.md): found offline in the
 * merged sessions of a project; proposed again, with the same id, when more sessions join it.
 */
export const SkillCandidateProposed = z.object({
  candidateId: z.string().min(1).max(200),
  project: z.string().max(2000).optional(),
  name: skillName,
  /** When to use it (SKILL.md's description). */
  description: z.string().min(1).max(1024),
  steps: z.array(z.string().min(1).max(500)).max(30),
  files: z.array(z.string().max(1000)).max(50),
  commands: z.array(z.string().max(500)).max(30),
  sourceSessionIds: z.array(z.string().min(1).max(128)).min(1).max(200),
});

/** A person's edit of a candidate; what it names replaces what discovery proposed, for good. */
export const SkillCandidateEdited = z.object({
  candidateId: z.string().min(1).max(200),
  name: skillName.optional(),
  description: z.string().min(1).max(1024).optional(),
  steps: z.array(z.string().min(1).max(500)).max(30).optional(),
});

export const SkillCandidateAccepted = z.object({ candidateId: z.string().min(1).max(200) });
export const SkillCandidateDismissed = z.object({ candidateId: z.string().min(1).max(200) });

export const refactorPlanStatus = z.enum(['open', 'done', 'abandoned']);

/**
 * A plan for a change that spans sessions (docs/learning.md), recorded by an agent or a person:
 * what it is for, its steps, the files it touches. It starts open.
 */
export const RefactorPlanRecorded = z.object({
  planId: z.string().min(1).max(200),
  project: z.string().min(1).max(2000).optional(),
  goal: z.string().min(1).max(2000),
  steps: z.array(z.string().min(1).max(500)).max(50),
  files: z.array(z.string().min(1).max(1000)).max(200),
  /** The session that recorded it, when an agent did. */
  recordedInSession: z.string().min(1).max(128).optional(),
});

/** A plan's new status or steps; what it names replaces what the plan had. */
export const RefactorPlanUpdated = z.object({
  planId: z.string().min(1).max(200),
  status: refactorPlanStatus.optional(),
  steps: z.array(z.string().min(1).max(500)).max(50).optional(),
  files: z.array(z.string().min(1).max(1000)).max(200).optional(),
});

export const recallEvents = {
  DecisionRecorded,
  SessionLessonsRecorded,
  NodeVisited,
  SkillCandidateProposed,
  SkillCandidateEdited,
  SkillCandidateAccepted,
  SkillCandidateDismissed,
  RefactorPlanRecorded,
  RefactorPlanUpdated,
} as const;
