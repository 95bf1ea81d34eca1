import type { z } from 'zod';
import {
  EventEnvelope,
  SessionStarted,
  subjectToken,
  ToolCall,
  TurnRecorded,
  buildEvent,
  type EventDraft,
  ValidationError,
} from '@mnemo/contracts';
import { contentHash, deterministicUuid, TRANSCRIPT_ID_NAMESPACE } from './deterministic-uuid';
import { safeStringify } from './parse-transcript-line';
import { computeSessionOutcome, OutcomeContext, SessionOutcomePayload } from './session-outcome';
import { MessageEntry, TranscriptEntry } from './transcript-entry';
import { truncateWithNote } from './truncate-text';

type SessionStartedPayload = z.infer<typeof SessionStarted>;
type TurnRecordedPayload = z.infer<typeof TurnRecorded>;
type ToolCallPayload = z.infer<typeof ToolCall>;

export type TranscriptEvent =
  | EventEnvelope<'SessionStarted', SessionStartedPayload>
  | EventEnvelope<'TurnRecorded', TurnRecordedPayload>
  | EventEnvelope<'SessionOutcomeRecorded', SessionOutcomePayload>;

export interface TranscriptLimits {
  /** Characters of a tool call's JSON input kept in the event. */
  toolInputChars: number;
  /** Characters of a tool result kept in the event. */
  toolResultChars: number;
  turnTextChars: number;
}

export const DEFAULT_TRANSCRIPT_LIMITS: TranscriptLimits = {
  toolInputChars: 20_000,
  toolResultChars: 20_000,
  turnTextChars: 200_000,
};
const MAX_TOOL_CALLS_PER_TURN = 500;

export interface TranscriptToEventsInput {
  accountId: string;
  /** The Mnemo session: the transcript's sessionId, or subagentSessionId(...) for a subagent file. */
  sessionId: string;
  entries: readonly TranscriptEntry[];
  producer: string;
  /** Fallback time for lines without a timestamp, e.g. the file's modification time (ISO-8601). */
  observedAt: string;
  source?: string;
  parentSessionId?: string;
  /** Who ran the session and in which repository (SessionStarted's `developer` and `project`). */
  developer?: string;
  project?: string;
  /** Git facts and the clock for outcome inference; without them the outcome is `unknown`. */
  outcome?: OutcomeContext;
  limits?: Partial<TranscriptLimits>;
}

/**
 * One transcript → SessionStarted, one TurnRecorded per message line with content (seq in file
 * order), then SessionOutcomeRecorded. Ids are UUID v5 of (account, session, line, kind), so reading
 * the same file twice, or a grown file, gives the same ids for the same lines:
 * - a message line maps to at most one turn, decided by that line and earlier ones only, so the seq
 *   of an old line never moves when lines are appended;
 * - an assistant turn whose tool call has no result yet gets a "pending" id; once the result line
 *   arrives the turn is emitted again under its final id with the same seq (projections keep the
 *   latest event per seq);
 * - the outcome's id includes a hash of its payload, so a changed outcome is a new event.
 * A transcript without any message yields no events.
 */
export function transcriptToEvents(input: TranscriptToEventsInput): TranscriptEvent[] {
  assertToken('accountId', input.accountId);
  assertToken('sessionId', input.sessionId);
  const limits = { ...DEFAULT_TRANSCRIPT_LIMITS, ...input.limits };
  const messages = input.entries.filter((e): e is MessageEntry => e.kind === 'message');
  if (messages.length === 0) return [];

  const id = (key: string, kind: string) =>
    deterministicUuid(
      TRANSCRIPT_ID_NAMESPACE,
      JSON.stringify([input.accountId, input.sessionId, key, kind]),
    );
  const envelope = <T extends TranscriptEvent['type']>(
    type: T,
    eventId: string,
    occurredAt: string,
    payload: EventDraft<T>['payload'],
  ) =>
    buildEvent<T>({
      type,
      id: eventId,
      accountId: input.accountId,
      sessionId: input.sessionId,
      occurredAt,
      producer: input.producer,
      payload,
    });

  const firstTimestamp = input.entries.find((e) => e.kind !== 'summary' && e.timestamp);
  const startedAt =
    (firstTimestamp?.kind !== 'summary' && firstTimestamp?.timestamp) || input.observedAt;
  const started: SessionStartedPayload = {
    source: input.source ?? 'claude-code',
    ...defined('cwd', messages.find((m) => m.cwd)?.cwd),
    ...defined('gitBranch', messages.find((m) => m.gitBranch)?.gitBranch),
    ...defined('parentSessionId', input.parentSessionId),
    ...defined('developer', input.developer),
    ...defined('project', input.project),
  };
  const events: TranscriptEvent[] = [
    envelope('SessionStarted', id('session', 'SessionStarted'), startedAt, started),
  ];

  const seenKeys = new Set<string>();
  let lastTime = startedAt;
  let seq = 0;
  for (const entry of input.entries) {
    if (entry.kind === 'summary') continue;
    lastTime = entry.timestamp ?? lastTime;
    if (entry.kind !== 'message') continue;
    const turn = toTurn(entry, seq, limits);
    if (!turn) continue;
    seq += 1;
    // A uuid repeated inside one file still gets its own id, keyed by the later line's position.
    const key =
      entry.uuid && !seenKeys.has(entry.uuid)
        ? entry.uuid
        : `${entry.uuid ?? 'line'}#${entry.lineIndex}`;
    seenKeys.add(key);
    events.push(
      envelope(
        'TurnRecorded',
        id(key, turn.pending ? 'TurnRecorded:pending' : 'TurnRecorded'),
        lastTime,
        turn.payload,
      ),
    );
  }

  const outcome = computeSessionOutcome(input.entries, input.outcome);
  const outcomeId = id('session', `SessionOutcomeRecorded:${contentHash(outcome)}`);
  events.push(envelope('SessionOutcomeRecorded', outcomeId, outcome.endedAt ?? lastTime, outcome));
  return events;
}

/** The Mnemo session id of a subagent transcript: its own session, linked to the parent by SessionStarted. */
export function subagentSessionId(parentSessionId: string, agentId: string): string {
  return `${parentSessionId}:agent-${agentId}`.slice(0, 128);
}

function toTurn(
  entry: MessageEntry,
  seq: number,
  limits: TranscriptLimits,
): { payload: TurnRecordedPayload; pending: boolean } | null {
  const text = entry.blocks
    .map((b) => (b.type === 'text' ? b.text : b.type === 'image' ? '[image]' : undefined))
    .filter((t): t is string => t !== undefined)
    .join('\n');
  const toolCalls: ToolCallPayload[] = [];
  let pending = false;
  for (const b of entry.blocks) {
    if (b.type === 'tool_use') {
      pending ||= !b.result;
      toolCalls.push({
        ...(b.id ? { id: b.id.slice(0, 200) } : {}),
        name: b.name.slice(0, 200),
        input: truncateWithNote(safeStringify(b.input ?? {}), limits.toolInputChars),
        ...(b.result ? resultFields(b.result.content, b.result.isError, limits) : {}),
      });
    }
    // A result whose call is in an earlier line travels with that call; only orphans are kept here.
    if (b.type === 'tool_result' && !b.paired) {
      toolCalls.push({
        id: b.toolUseId.slice(0, 200) || undefined,
        name: 'unknown',
        ...resultFields(b.content, b.isError, limits),
      });
    }
  }
  if (text.trim() === '' && toolCalls.length === 0) return null;
  const role =
    entry.role === 'assistant'
      ? 'assistant'
      : entry.isMeta || entry.isCompactSummary
        ? 'system'
        : 'user';
  const payload: TurnRecordedPayload = {
    seq,
    role,
    text: truncateWithNote(text, limits.turnTextChars),
    ...(toolCalls.length > 0 ? { toolCalls: toolCalls.slice(0, MAX_TOOL_CALLS_PER_TURN) } : {}),
    ...(entry.isSidechain ? { isSidechain: true } : {}),
    ...(entry.isCompactSummary ? { isCompactSummary: true } : {}),
  };
  return { payload, pending };
}

function resultFields(content: string, isError: boolean | undefined, limits: TranscriptLimits) {
  return {
    result: truncateWithNote(content, limits.toolResultChars),
    ...(isError === undefined ? {} : { isError }),
  };
}

function assertToken(field: string, value: string): void {
  const parsed = subjectToken.safeParse(value);
  if (!parsed.success) {
    throw new ValidationError(`${field} "${value}" cannot name a session`, [
      { path: field, reason: parsed.error.issues[0]?.message ?? 'invalid' },
    ]);
  }
}

const defined = <K extends string>(key: K, value: string | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;
