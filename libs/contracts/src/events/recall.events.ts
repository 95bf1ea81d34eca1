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

export const recallEvents = {
  DecisionRecorded,
  SessionLessonsRecorded,
  NodeVisited,
  SkillCandidateProposed,
  SkillCandidateEdited,
  SkillCandidateAccepted,
  SkillCandidateDismissed,
} as const;
