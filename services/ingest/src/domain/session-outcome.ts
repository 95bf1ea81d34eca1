import type { z } from 'zod';
import { stripWrappers, type SessionOutcomeRecorded } from '@mnemo/contracts';
import { redact } from '@mnemo/redaction';
import { extractCommitShas } from './commit-shas';
import { GitFacts, inferOutcome } from './infer-outcome';
import { MessageEntry, TranscriptEntry } from './transcript-entry';
import { truncateText } from './truncate-text';

export type SessionOutcomePayload = z.infer<typeof SessionOutcomeRecorded>;

// The two halves of the summary are budgeted separately, so a long opening cannot evict the close.
export const MAX_FIRST_USER_TURN = 1200;
export const MAX_LAST_ASSISTANT_TURN = 800;
const MAX_FILES = 2000;

/** Tools whose `file_path` (or `notebook_path`) names a file read or changed. */
const READ_TOOLS = new Set(['Read']);
const EDIT_TOOLS = new Set(['Edit', 'MultiEdit', 'Write', 'NotebookEdit']);

export interface OutcomeContext {
  /** What git knows about the session's commits; null or absent when the repository is not here. */
  git?: GitFacts | null;
  /** The clock, passed in: a session with uncommitted edits is abandoned only once it is 7 days old. */
  now?: Date | string;
}

/**
 * The structured record of one session: its opening request and closing answer, the files it read
 * and edited, the tools it used, the commits it produced, and how that work ended. Only these
 * bounded fields leave the transcript; no other prose is kept here.
 */
export function computeSessionOutcome(
  entries: readonly TranscriptEntry[],
  context: OutcomeContext = {},
): SessionOutcomePayload {
  const messages = entries.filter((e): e is MessageEntry => e.kind === 'message');
  // A subagent file is all sidechain; elsewhere the sidechain is a helper's conversation, not the session's.
  const main = messages.some((m) => !m.isSidechain)
    ? messages.filter((m) => !m.isSidechain)
    : messages;

  const firstUserTurn = truncateText(firstRealUserText(main) ?? '', MAX_FIRST_USER_TURN);
  const lastAssistantTurn = truncateText(lastAssistantText(main) ?? '', MAX_LAST_ASSISTANT_TURN);
  const files = filesTouched(messages);
  // From redacted text: a 40-hex token body (`squ_…`, a CircleCI key's tail) is no commit.
  const commitShas = extractCommitShas(
    [...toolResultTexts(messages)].map((text) => redact(text).text),
  );
  const { startedAt, endedAt } = timeRange(entries);
  const outcome = inferOutcome({
    commitShas,
    filesEdited: files.edited,
    endedAt,
    now: context.now,
    git: context.git ?? null,
  });

  return {
    summary: [firstUserTurn, lastAssistantTurn].filter(Boolean).join('\n\n'),
    firstUserTurn,
    lastAssistantTurn,
    filesRead: files.read,
    filesEdited: files.edited,
    toolsCalled: toolCounts(messages),
    commitShas,
    ...(startedAt ? { startedAt } : {}),
    ...(endedAt ? { endedAt } : {}),
    ...optional('cwd', firstDefined(messages.map((m) => m.cwd))),
    // The branch the session ended on is where its work landed.
    ...optional('gitBranch', firstDefined(messages.map((m) => m.gitBranch).reverse())),
    outcome,
  };
}

/**
 * A user turn is "real" when a person typed it: not harness-injected (meta, compact summary), not
 * only tool results, and not only wrapper spans once those are stripped.
 */
export function realUserText(entry: MessageEntry): string | undefined {
  if (entry.role !== 'user' || entry.isMeta || entry.isCompactSummary) return undefined;
  const text = stripWrappers(userVisibleText(entry));
  return text === '' ? undefined : text;
}

function firstRealUserText(messages: readonly MessageEntry[]): string | undefined {
  for (const m of messages) {
    const text = realUserText(m);
    if (text !== undefined) return text;
  }
  return undefined;
}

function lastAssistantText(messages: readonly MessageEntry[]): string | undefined {
  for (const m of [...messages].reverse()) {
    if (m.role !== 'assistant' || m.isApiError) continue;
    const text = stripWrappers(userVisibleText(m));
    if (text !== '') return text;
  }
  return undefined;
}

/** Text and image placeholders of a message, as a reader would see them (no thinking, no tool payloads). */
export function userVisibleText(entry: MessageEntry): string {
  return entry.blocks
    .map((b) => (b.type === 'text' ? b.text : b.type === 'image' ? '[image]' : undefined))
    .filter((t): t is string => t !== undefined && t.trim() !== '')
    .join('\n');
}

function filesTouched(messages: readonly MessageEntry[]): { read: string[]; edited: string[] } {
  const read = new Set<string>();
  const edited = new Set<string>();
  for (const m of messages) {
    for (const b of m.blocks) {
      // A rejected or failed call touched nothing.
      if (b.type !== 'tool_use' || b.result?.isError === true) continue;
      const path = filePathOf(b.input);
      if (!path) continue;
      if (READ_TOOLS.has(b.name)) read.add(path);
      if (EDIT_TOOLS.has(b.name)) edited.add(path);
    }
  }
  return { read: [...read].slice(0, MAX_FILES), edited: [...edited].slice(0, MAX_FILES) };
}

function filePathOf(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const record = input as Record<string, unknown>;
  const path = record['file_path'] ?? record['notebook_path'];
  return typeof path === 'string' && path !== '' ? path : undefined;
}

function toolCounts(messages: readonly MessageEntry[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const m of messages) {
    for (const b of m.blocks)
      if (b.type === 'tool_use') counts.set(b.name, (counts.get(b.name) ?? 0) + 1);
  }
  // fromEntries defines own properties, so a tool named "__proto__" cannot touch the prototype.
  return Object.fromEntries(counts);
}

function* toolResultTexts(messages: readonly MessageEntry[]): Generator<string> {
  for (const m of messages) for (const b of m.blocks) if (b.type === 'tool_result') yield b.content;
}

function timeRange(entries: readonly TranscriptEntry[]): { startedAt?: string; endedAt?: string } {
  let startedAt: string | undefined;
  let endedAt: string | undefined;
  let min = Infinity;
  let max = -Infinity;
  // Lines are not strictly in time order (CLAUDE-CODE.md A.9), so take the extremes, not the ends.
  for (const e of entries) {
    if (e.kind === 'summary' || !e.timestamp) continue;
    const t = Date.parse(e.timestamp);
    if (!Number.isFinite(t)) continue;
    if (t < min) [min, startedAt] = [t, e.timestamp];
    if (t > max) [max, endedAt] = [t, e.timestamp];
  }
  return { startedAt, endedAt };
}

const firstDefined = <T>(values: readonly (T | undefined)[]): T | undefined =>
  values.find((v) => v !== undefined);

const optional = <K extends string>(key: K, value: string | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;
