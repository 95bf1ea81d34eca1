import { z } from 'zod';
import {
  ContentBlock,
  MessageEntry,
  ParsedLine,
  SkipReason,
  SystemEntry,
  TranscriptEntry,
} from './transcript-entry';

/**
 * One line of a Claude Code transcript → a normalized entry, or the reason it was skipped.
 * Never throws: Claude Code's format drifts between versions, so every field is optional and a
 * field of the wrong type reads as absent (`.catch(undefined)`) instead of failing the line.
 */
export function parseTranscriptLine(line: string, lineIndex = 0): ParsedLine {
  if (line.trim() === '') return { ok: false, reason: 'blank' };
  let raw: unknown;
  try {
    raw = JSON.parse(withoutNul(line));
  } catch {
    return { ok: false, reason: 'malformed_json' };
  }
  if (!isRecord(raw)) return { ok: false, reason: 'not_an_object' };
  const type = raw['type'];
  if (typeof type !== 'string' || type === '') return { ok: false, reason: 'missing_type' };

  const known = SKIPPED_TYPES.get(type);
  if (known) return { ok: false, reason: known, type };
  switch (type) {
    case 'user':
    case 'assistant':
      return orSkip(toMessage(type, raw, lineIndex), type);
    case 'system':
      return orSkip(toSystem(raw, lineIndex), type);
    case 'summary':
      return orSkip(toSummary(raw, lineIndex), type);
    default:
      return { ok: false, reason: 'unknown_type', type };
  }
}

/** `\u0000` in a JSON string: after an even number of backslashes, so an escaped backslash followed by `u0000` is left as text. */
const NUL_ESCAPE = /(?<!\\)((?:\\\\)*)\\u0000/g;

/**
 * NUL read as U+FFFD, escaped or raw: Postgres text and jsonb hold no NUL and the gateway answers 400 to a request
 * holding one, so one NUL in a tool's output stopped `mnemo ingest` at that batch. Most lines hold none.
 */
function withoutNul(line: string): string {
  if (!line.includes('\\u0000') && !line.includes('\u0000')) return line;
  return line.replace(NUL_ESCAPE, '$1\\ufffd').replaceAll('\u0000', '\ufffd');
}

/** Line types Claude Code writes that carry no conversation content (CLAUDE-CODE.md A.2, A.8). */
const SKIPPED_TYPES = new Map<string, SkipReason>([
  ['file-history-snapshot', 'file_history_snapshot'],
  ['progress', 'progress'],
  ['queue-operation', 'queue_operation'],
  ['attachment', 'attachment'],
  ...[
    'permission-mode',
    'last-prompt',
    'ai-title',
    'custom-title',
    'tag',
    'agent-name',
    'agent-color',
    'agent-setting',
    'mode',
    'pr-link',
    'worktree-state',
    'content-replacement',
    'attribution-snapshot',
    'speculation-accept',
    'marble-origami-commit',
    'marble-origami-snapshot',
  ].map((t): [string, SkipReason] => [t, 'session_metadata']),
]);

const optionalString = z.string().optional().catch(undefined);
const optionalBool = z.boolean().optional().catch(undefined);
const isoTimestamp = z.iso.datetime({ offset: true });

const GraphLine = z.looseObject({
  uuid: optionalString,
  parentUuid: z.string().nullable().optional().catch(undefined),
  timestamp: optionalString,
  sessionId: optionalString,
  cwd: optionalString,
  gitBranch: optionalString,
  agentId: optionalString,
  isSidechain: optionalBool,
  isMeta: optionalBool,
  isCompactSummary: optionalBool,
  isApiErrorMessage: optionalBool,
  subtype: optionalString,
  content: z.unknown().optional(),
  message: z
    .looseObject({
      id: optionalString,
      model: optionalString,
      content: z
        .union([z.string(), z.array(z.unknown())])
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
});
type GraphLine = z.infer<typeof GraphLine>;

/** 2.0.x and 2.1.x word the first sentence differently; both start like this (A.7). */
export const COMPACT_SUMMARY_PREFIX =
  'This session is being continued from a previous conversation';

function toMessage(
  role: 'user' | 'assistant',
  raw: Record<string, unknown>,
  lineIndex: number,
): MessageEntry | null {
  const line = GraphLine.safeParse(raw);
  if (!line.success) return null;
  const content = line.data.message?.content;
  if (content === undefined) return null;
  const blocks =
    typeof content === 'string' ? [{ type: 'text' as const, text: content }] : content.map(toBlock);
  const firstText = blocks[0]?.type === 'text' ? blocks[0].text : '';
  return {
    kind: 'message',
    role,
    ...graphFields(line.data, lineIndex),
    blocks,
    isMeta: line.data.isMeta === true,
    isCompactSummary:
      line.data.isCompactSummary === true ||
      (role === 'user' && firstText.trimStart().startsWith(COMPACT_SUMMARY_PREFIX)),
    isApiError: line.data.isApiErrorMessage === true,
    messageId: line.data.message?.id,
    model: line.data.message?.model,
  };
}

function toSystem(raw: Record<string, unknown>, lineIndex: number): SystemEntry | null {
  const line = GraphLine.safeParse(raw);
  if (!line.success) return null;
  const content = line.data.content;
  return {
    kind: 'system',
    ...graphFields(line.data, lineIndex),
    subtype: line.data.subtype,
    content: typeof content === 'string' ? content : undefined,
    isCompactBoundary: line.data.subtype === 'compact_boundary',
  };
}

function toSummary(raw: Record<string, unknown>, lineIndex: number): TranscriptEntry | null {
  const summary = raw['summary'];
  if (typeof summary !== 'string') return null;
  const leafUuid = raw['leafUuid'];
  return {
    kind: 'summary',
    lineIndex,
    summary,
    leafUuid: typeof leafUuid === 'string' ? leafUuid : undefined,
  };
}

function graphFields(line: GraphLine, lineIndex: number) {
  return {
    lineIndex,
    uuid: line.uuid || undefined,
    parentUuid: line.parentUuid,
    timestamp:
      line.timestamp !== undefined && isoTimestamp.safeParse(line.timestamp).success
        ? line.timestamp
        : undefined,
    sessionId: line.sessionId || undefined,
    cwd: line.cwd || undefined,
    gitBranch: line.gitBranch || undefined,
    isSidechain: line.isSidechain === true,
    agentId: line.agentId || undefined,
  };
}

function toBlock(raw: unknown): ContentBlock {
  if (typeof raw === 'string') return { type: 'text', text: raw };
  if (!isRecord(raw)) return { type: 'other', originalType: typeof raw };
  const type = typeof raw['type'] === 'string' ? raw['type'] : 'unknown';
  switch (type) {
    case 'text':
      return { type: 'text', text: str(raw['text']) };
    case 'thinking':
      return { type: 'thinking', chars: str(raw['thinking']).length };
    case 'redacted_thinking':
      return { type: 'thinking', chars: 0 };
    case 'image':
      return { type: 'image' };
    case 'tool_use':
      return {
        type: 'tool_use',
        id: str(raw['id']),
        name: str(raw['name']) || 'unknown',
        input: raw['input'],
      };
    case 'tool_result':
      return {
        type: 'tool_result',
        toolUseId: str(raw['tool_use_id']),
        content: flattenResultContent(raw['content']),
        isError: typeof raw['is_error'] === 'boolean' ? raw['is_error'] : undefined,
      };
    default:
      return { type: 'other', originalType: type.slice(0, 64) };
  }
}

/** tool_result content is a string, or a list of text / image / tool_reference blocks (A.4). */
export function flattenResultContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content))
    return content === undefined || content === null ? '' : safeStringify(content);
  return content
    .map((part) => {
      if (typeof part === 'string') return part;
      if (!isRecord(part)) return '';
      if (part['type'] === 'text') return str(part['text']);
      if (part['type'] === 'image') return '[image]';
      if (part['type'] === 'tool_reference') return `[tool_reference ${str(part['tool_name'])}]`;
      return `[${str(part['type']) || 'unknown'}]`;
    })
    .join('\n');
}

function orSkip(entry: TranscriptEntry | null, type: string): ParsedLine {
  return entry ? { ok: true, entry } : { ok: false, reason: 'invalid_entry', type };
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
