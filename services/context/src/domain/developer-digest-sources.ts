/**
 * What a coding session's digest is built from (docs/context.md). Everything is already redacted
 * upstream; each item names the session (and turn, where known) it came from, so every digest line
 * can be traced. Timestamps are ISO-8601 strings.
 */

/** Where a line came from: a session and its turn, or a memory. */
export interface DigestTrace {
  sessionId?: string | null;
  turnSeq?: number | null;
  memoryId?: string | null;
}

/** chose → ✅, rejected → ⛔, deferred → ⏸️; a convention is a standing choice. */
export type DecisionStance = 'chose' | 'rejected' | 'deferred' | 'convention';

export interface DigestDecision extends DigestTrace {
  id: string;
  topic: string;
  stance: DecisionStance;
  rationale: string;
  occurredAt: string;
}

/**
 * A session's outcomes (docs/coding-memory.md): merged, reverted, abandoned, unknown (anything else
 * reads as unknown).
 */
export interface DigestSession {
  sessionId: string;
  startedAt: string;
  endedAt: string | null;
  outcome: string;
  /** The opening request, as a person typed it. */
  firstUserTurn: string;
  /** The closing answer. */
  lastAssistantTurn: string;
  filesEdited: string[];
  /** Decisions it settled: a session that settled one matters even without an edit. */
  decisionCount?: number;
  /** Its turns, when known: a session of one exchange says least about where work was left. */
  turnCount?: number;
}

/** A stated way of working ("always run …", "I prefer …", "never …"). */
export interface DigestPreference extends DigestTrace {
  id: string;
  content: string;
  occurredAt: string;
}

/** A runtime log signal (the logs service's log facts), when the caller has them. */
export interface DigestLogSignal extends DigestTrace {
  id: string;
  text: string;
  occurredAt: string;
}

/** What changed in a file since the agent last saw it (drift_since), when the caller has it. */
export interface DigestDrift {
  path: string;
  text: string;
  since: string;
}

export interface DeveloperDigestSources {
  project: string | null;
  decisions: DigestDecision[];
  sessions: DigestSession[];
  preferences: DigestPreference[];
  logSignals: DigestLogSignal[];
  drift: DigestDrift[];
}

/** Claude Code caps hook output at 10,000 characters; the digest aims at 4,000. */
export const DEVELOPER_DIGEST_MAX_CHARS = 4_000;
