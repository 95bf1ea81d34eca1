/**
 * The normalized shape of one Claude Code transcript line, after schema drift has been absorbed.
 * Everything the rest of ingest needs is here; the raw JSON is not kept.
 */

/** What a tool_use block learned from its matching tool_result (filled in by readTranscript). */
export interface ToolResultRef {
  content: string;
  isError?: boolean;
  lineIndex: number;
}

export type ContentBlock =
  | { type: 'text'; text: string }
  /** Thinking text never enters a turn; only its size is kept so it can be counted. */
  | { type: 'thinking'; chars: number }
  | { type: 'tool_use'; id: string; name: string; input: unknown; result?: ToolResultRef }
  /** `paired` is true once readTranscript found the earlier tool_use this result answers. */
  | { type: 'tool_result'; toolUseId: string; content: string; isError?: boolean; paired?: boolean }
  | { type: 'image' }
  | { type: 'other'; originalType: string };

interface GraphFields {
  /** 0-based index of the line in the file: the fallback identity of a line without a uuid. */
  lineIndex: number;
  uuid?: string;
  parentUuid?: string | null;
  /** ISO-8601 with offset, already validated; absent when the line had none or an unusable one. */
  timestamp?: string;
  sessionId?: string;
  cwd?: string;
  gitBranch?: string;
  isSidechain: boolean;
  agentId?: string;
}

export interface MessageEntry extends GraphFields {
  kind: 'message';
  role: 'user' | 'assistant';
  blocks: ContentBlock[];
  /** Injected by the harness (caveats, expanded slash commands, hook context), not typed by a person. */
  isMeta: boolean;
  isCompactSummary: boolean;
  isApiError: boolean;
  messageId?: string;
  model?: string;
}

export interface SystemEntry extends GraphFields {
  kind: 'system';
  subtype?: string;
  content?: string;
  isCompactBoundary: boolean;
}

/** Old (≤ 2.1.3) branch titles: `{"type":"summary","summary":"…","leafUuid":"…"}`. */
export interface SummaryEntry {
  kind: 'summary';
  lineIndex: number;
  summary: string;
  leafUuid?: string;
}

export type TranscriptEntry = MessageEntry | SystemEntry | SummaryEntry;

export const SKIP_REASONS = [
  'blank',
  'malformed_json',
  'not_an_object',
  'missing_type',
  'invalid_entry',
  'file_history_snapshot',
  'progress',
  'queue_operation',
  'attachment',
  'session_metadata',
  'unknown_type',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export type ParsedLine =
  | { ok: true; entry: TranscriptEntry }
  /** `type` is the line's own type name when it had one (used to count unknown types). */
  | { ok: false; reason: SkipReason; type?: string };
