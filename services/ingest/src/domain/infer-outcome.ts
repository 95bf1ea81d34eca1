export type SessionOutcome = 'merged' | 'reverted' | 'abandoned' | 'unknown';

/** What the session's git repository says about a commit; answered by git/git-facts.ts. */
export interface GitFacts {
  isOnMainBranch(sha: string): boolean;
  isReverted(sha: string): boolean;
}

export const ABANDON_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

export interface InferOutcomeInput {
  commitShas: readonly string[];
  filesEdited: readonly string[];
  /** ISO-8601; without it the session's age is unknown and it cannot be judged abandoned. */
  endedAt?: string;
  /** The clock, passed in; without it no session is old enough to be abandoned. */
  now?: Date | string;
  /** null when the repository is not on this machine: nothing can be inferred. */
  git: GitFacts | null;
  abandonAfterMs?: number;
}

/**
 * How a session's work ended, from git. A revert outranks a merge: the revert of a merged commit
 * is itself on main, and "this was undone" is the lesson worth surfacing.
 */
export function inferOutcome(input: InferOutcomeInput): SessionOutcome {
  const { git } = input;
  if (!git) return 'unknown';
  if (input.commitShas.some((sha) => git.isReverted(sha))) return 'reverted';
  if (input.commitShas.some((sha) => git.isOnMainBranch(sha))) return 'merged';
  if (
    input.commitShas.length === 0 &&
    input.filesEdited.length > 0 &&
    input.endedAt &&
    input.now !== undefined
  ) {
    const ended = Date.parse(input.endedAt);
    const now = typeof input.now === 'string' ? Date.parse(input.now) : input.now.getTime();
    if (
      Number.isFinite(ended) &&
      Number.isFinite(now) &&
      now - ended >= (input.abandonAfterMs ?? ABANDON_AFTER_MS)
    ) {
      return 'abandoned';
    }
  }
  return 'unknown';
}
