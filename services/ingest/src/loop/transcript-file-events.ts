import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { computeSessionOutcome } from '../domain/session-outcome';
import { readTranscript, splitLines } from '../domain/transcript';
import { subagentSessionId, transcriptToEvents, type TranscriptEvent } from '../domain/transcript-to-events';
import type { GitFacts } from '../domain/infer-outcome';
import type { SkipReason } from '../domain/transcript-entry';
import type { GitFactsLoader } from '../git/git-facts';
import type { TranscriptFile } from './transcript-files';

export interface TranscriptFileEvents {
  sessionId: string;
  events: TranscriptEvent[];
  turns: number;
  skippedLines: number;
  /** The same lines by reason, only the reasons that occurred: a snapshot line is no damage, a malformed one is. */
  skippedByReason: Partial<Record<SkipReason, number>>;
}

export interface TranscriptFileOptions {
  accountId: string;
  producer: string;
  /** The clock for outcome inference (a session with uncommitted edits is abandoned after 7 days). */
  now: Date;
  /**
   * Asks git about the session's commits when its repository is on this machine; one loader for a
   * whole run asks each repository once. Without it the outcome is judged without git.
   */
  gitFacts?: GitFactsLoader;
}

/**
 * One transcript file → its events, or null when the file cannot be read. Lines that cannot be
 * parsed are skipped and counted by the reader; a git failure only leaves the outcome `unknown`.
 */
export async function transcriptFileEvents(file: TranscriptFile, options: TranscriptFileOptions): Promise<TranscriptFileEvents | null> {
  let text: string;
  try {
    text = await readFile(file.path, 'utf8');
  } catch {
    return null;
  }
  const transcript = readTranscript(splitLines(text));
  const skippedLines = Object.values(transcript.stats.skipped).reduce((sum, n) => sum + n, 0);
  const skippedByReason = Object.fromEntries(Object.entries(transcript.stats.skipped).filter(([, n]) => n > 0));
  const stem = sessionToken(path.basename(file.path, '.jsonl'));
  const parent = transcript.sessionId ? sessionToken(transcript.sessionId) : undefined;
  const sessionId = transcript.agentId ? subagentSessionId(parent ?? stem, sessionToken(transcript.agentId)) : (parent ?? stem);

  let git: GitFacts | null = null;
  if (options.gitFacts) {
    const draft = computeSessionOutcome(transcript.entries);
    git = await options.gitFacts(draft.cwd, draft.commitShas).catch(() => null);
  }
  const events = transcriptToEvents({
    accountId: options.accountId,
    sessionId,
    producer: options.producer,
    observedAt: new Date(file.mtimeMs).toISOString(),
    parentSessionId: transcript.agentId ? parent : undefined,
    entries: transcript.entries,
    outcome: { git, now: options.now },
  });
  return { sessionId, events, turns: events.filter((e) => e.type === 'TurnRecorded').length, skippedLines, skippedByReason };
}

/** Session ids become subject tokens: anything but letters, digits, `_`, `-` and `:` becomes `_`. */
export function sessionToken(value: string): string {
  const token = value.replace(/[^A-Za-z0-9_\-:]/g, '_').slice(0, 100);
  return token === '' ? '_' : token;
}

/** Adds one file's skipped lines by reason into a run's running totals. */
export function addSkips(into: Partial<Record<string, number>>, from: Partial<Record<string, number>>): void {
  for (const [reason, n] of Object.entries(from)) into[reason] = (into[reason] ?? 0) + (n ?? 0);
}
