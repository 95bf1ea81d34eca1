import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  repositoryRoot,
  snapshotEvent,
  workingTreeSnapshots,
  type SnapshotIngestEvent,
} from '@mnemo/code-symbols';
import type { EventEnvelope, PayloadOf } from '@mnemo/contracts';
import { computeSessionOutcome } from '../domain/session-outcome';
import { readTranscript, splitLines } from '../domain/transcript';
import {
  subagentSessionId,
  transcriptToEvents,
  type TranscriptEvent,
} from '../domain/transcript-to-events';
import type { GitFacts } from '../domain/infer-outcome';
import type { MessageEntry, SkipReason } from '../domain/transcript-entry';
import type { GitFactsLoader } from '../git/git-facts';
import type { TranscriptFile } from './transcript-files';
import type { SessionIdentity } from './session-identity';

/** A symbol snapshot of a file the session edited, as it is in the working tree now. */
export type EditSnapshotEvent = EventEnvelope<
  'SymbolSnapshotRecorded',
  PayloadOf<'SymbolSnapshotRecorded'>
>;

/** The most edited files of one transcript whose symbols are read: a bulk rewrite is not worth more. */
export const MAX_EDIT_SNAPSHOTS = 50;

export interface TranscriptFileEvents {
  sessionId: string;
  events: (TranscriptEvent | EditSnapshotEvent)[];
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
  /** SessionStarted's developer and project; without it the session names neither. */
  identity?: SessionIdentity;
}

/** A transcript file read and parsed, before its events are made: the session id is known from here. */
export interface ReadTranscriptFile {
  sessionId: string;
  parentSessionId?: string;
  transcript: ReturnType<typeof readTranscript>;
  observedAt: string;
  skippedLines: number;
  skippedByReason: Partial<Record<SkipReason, number>>;
}

/** Reads and parses one transcript file, or null when it cannot be read; unparsable lines are counted. */
export async function readTranscriptFile(file: TranscriptFile): Promise<ReadTranscriptFile | null> {
  let text: string;
  try {
    text = await readFile(file.path, 'utf8');
  } catch {
    return null;
  }
  const transcript = readTranscript(splitLines(text));
  const skippedLines = Object.values(transcript.stats.skipped).reduce((sum, n) => sum + n, 0);
  const skippedByReason = Object.fromEntries(
    Object.entries(transcript.stats.skipped).filter(([, n]) => n > 0),
  );
  const stem = sessionToken(path.basename(file.path, '.jsonl'));
  const parent = transcript.sessionId ? sessionToken(transcript.sessionId) : undefined;
  const sessionId = transcript.agentId
    ? subagentSessionId(parent ?? stem, sessionToken(transcript.agentId))
    : (parent ?? stem);
  return {
    sessionId,
    parentSessionId: transcript.agentId ? parent : undefined,
    transcript,
    observedAt: new Date(file.mtimeMs).toISOString(),
    skippedLines,
    skippedByReason,
  };
}

/**
 * A read transcript → its events, with ids derived under `accountId` (the account that stores them,
 * so the loop and a client sending the same file for the same account derive the same ids). A git
 * failure only leaves the outcome `unknown`; an identity failure only leaves the project out.
 */
export async function eventsOfTranscript(
  read: ReadTranscriptFile,
  options: TranscriptFileOptions,
): Promise<TranscriptFileEvents> {
  const { transcript, sessionId, skippedLines, skippedByReason } = read;
  // what the session did, read once: git is asked about its commits, its edited files are snapshotted
  const draft = computeSessionOutcome(transcript.entries);
  let git: GitFacts | null = null;
  if (options.gitFacts) git = await options.gitFacts(draft.cwd, draft.commitShas).catch(() => null);
  const cwd = transcript.entries.find(
    (e): e is MessageEntry => e.kind === 'message' && Boolean(e.cwd),
  )?.cwd;
  const project = await options.identity?.projectOf(cwd).catch(() => undefined);
  const events = transcriptToEvents({
    accountId: options.accountId,
    sessionId,
    producer: options.producer,
    observedAt: read.observedAt,
    parentSessionId: read.parentSessionId,
    developer: options.identity?.developer,
    project,
    entries: transcript.entries,
    outcome: { git, now: options.now },
  });
  const snapshots =
    project && cwd
      ? await editSnapshots(cwd, draft.filesEdited, project, options).catch(() => [])
      : [];
  return {
    sessionId,
    events: [...events, ...snapshots],
    turns: events.filter((e) => e.type === 'TurnRecorded').length,
    skippedLines,
    skippedByReason,
  };
}

/**
 * Where the transcript loop finds code for drift_since (docs/code-symbols.md): the files the session
 * edited, read from the working tree when its repository is on this machine. The snapshot's id names
 * the file's version, so reading the transcript again records nothing new.
 */
async function editSnapshots(
  cwd: string,
  edited: readonly string[],
  project: string,
  options: TranscriptFileOptions,
): Promise<EditSnapshotEvent[]> {
  const root = await repositoryRoot(cwd);
  if (!root) return [];
  const files = [
    ...new Set(
      edited
        .map((file) => path.relative(root, path.resolve(cwd, file)).split(path.sep).join('/'))
        .filter((file) => file && !file.startsWith('..')),
    ),
  ].slice(0, MAX_EDIT_SNAPSHOTS);
  const snapshots = await workingTreeSnapshots(root, files, { tooLarge: 0, unreadable: 0 });
  return snapshots.map((snapshot) => envelopeOf(snapshotEvent(project, snapshot), options));
}

const envelopeOf = (
  event: SnapshotIngestEvent,
  options: TranscriptFileOptions,
): EditSnapshotEvent => ({
  ...event,
  version: 1,
  accountId: options.accountId,
  producer: options.producer,
});

/** One transcript file → its events, or null when the file cannot be read. */
export async function transcriptFileEvents(
  file: TranscriptFile,
  options: TranscriptFileOptions,
): Promise<TranscriptFileEvents | null> {
  const read = await readTranscriptFile(file);
  return read && eventsOfTranscript(read, options);
}

/** Session ids become subject tokens: anything but letters, digits, `_`, `-` and `:` becomes `_`. */
export function sessionToken(value: string): string {
  const token = value.replace(/[^A-Za-z0-9_\-:]/g, '_').slice(0, 100);
  return token === '' ? '_' : token;
}

/** Adds one file's skipped lines by reason into a run's running totals. */
export function addSkips(
  into: Partial<Record<string, number>>,
  from: Partial<Record<string, number>>,
): void {
  for (const [reason, n] of Object.entries(from)) into[reason] = (into[reason] ?? 0) + (n ?? 0);
}
