import { parseTranscriptLine } from './parse-transcript-line';
import { SkipReason, SKIP_REASONS, ToolResultRef, TranscriptEntry } from './transcript-entry';

export interface TranscriptStats {
  /** Lines read, blank ones included. */
  lines: number;
  /** Lines that produced no entry, by reason; every reason is present (0 when none). */
  skipped: Record<SkipReason, number>;
  /** Type names behind `skipped.unknown_type`, capped so a garbage file cannot grow this without bound. */
  unknownTypes: Record<string, number>;
  /** Thinking blocks seen: kept out of turn text, but counted. */
  thinkingBlocks: number;
  /** compact_boundary lines and compact-summary turns seen. */
  compactions: number;
  toolUses: number;
  /** tool_use blocks whose tool_result never appeared (interrupted, or the file is still being written). */
  unpairedToolUses: number;
}

export interface Transcript {
  /** The session the lines belong to (subagent files carry their parent's id); undefined when no line says. */
  sessionId?: string;
  /** Set when every message line is a sidechain of one agent: this file is a subagent transcript. */
  agentId?: string;
  entries: TranscriptEntry[];
  stats: TranscriptStats;
}

const MAX_UNKNOWN_TYPE_NAMES = 50;
const OTHER_TYPES = '(other)';

/**
 * Reads the lines of one transcript file: parses each, counts what was skipped, and pairs every
 * tool_result with the earlier tool_use of the same id (a result only ever answers an earlier call,
 * so pairing looks back only; that keeps an old line's meaning unchanged when the file grows).
 */
export function readTranscript(lines: readonly string[]): Transcript {
  const skipped = Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as Record<SkipReason, number>;
  const unknownTypes = new Map<string, number>();
  const entries: TranscriptEntry[] = [];
  const sessionIds = new Map<string, number>();

  lines.forEach((line, index) => {
    const parsed = parseTranscriptLine(line, index);
    if (!parsed.ok) {
      skipped[parsed.reason] += 1;
      if (parsed.reason === 'unknown_type') countUnknownType(unknownTypes, parsed.type ?? '');
      return;
    }
    entries.push(parsed.entry);
    if (parsed.entry.kind !== 'summary' && parsed.entry.sessionId) {
      sessionIds.set(parsed.entry.sessionId, (sessionIds.get(parsed.entry.sessionId) ?? 0) + 1);
    }
  });

  const paired = pairToolResults(entries);
  return {
    sessionId: mostFrequent(sessionIds),
    agentId: subagentId(paired),
    entries: paired,
    stats: {
      lines: lines.length,
      skipped,
      unknownTypes: Object.fromEntries(unknownTypes),
      ...countBlocks(paired),
    },
  };
}

/** Splits file text into lines; a final newline does not make an extra blank line, and CRLF is accepted. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function pairToolResults(entries: TranscriptEntry[]): TranscriptEntry[] {
  const uses = new Map<string, { entry: number; block: number }>();
  const out = entries.map((entry) =>
    entry.kind === 'message' ? { ...entry, blocks: [...entry.blocks] } : entry,
  );
  out.forEach((entry, entryIndex) => {
    if (entry.kind !== 'message') return;
    entry.blocks.forEach((block, blockIndex) => {
      if (block.type === 'tool_use' && block.id && !uses.has(block.id)) {
        uses.set(block.id, { entry: entryIndex, block: blockIndex });
      }
      if (block.type !== 'tool_result') return;
      const use = uses.get(block.toolUseId);
      const target = use && out[use.entry];
      if (!use || !target || target.kind !== 'message') return;
      const useBlock = target.blocks[use.block];
      if (useBlock?.type !== 'tool_use' || useBlock.result) return;
      const result: ToolResultRef = {
        content: block.content,
        isError: block.isError,
        lineIndex: entry.lineIndex,
      };
      target.blocks[use.block] = { ...useBlock, result };
      entry.blocks[blockIndex] = { ...block, paired: true };
    });
  });
  return out;
}

function countBlocks(entries: TranscriptEntry[]) {
  let thinkingBlocks = 0;
  let compactions = 0;
  let toolUses = 0;
  let unpairedToolUses = 0;
  for (const entry of entries) {
    if (entry.kind === 'system' && entry.isCompactBoundary) compactions += 1;
    if (entry.kind !== 'message') continue;
    if (entry.isCompactSummary) compactions += 1;
    for (const block of entry.blocks) {
      if (block.type === 'thinking') thinkingBlocks += 1;
      if (block.type === 'tool_use') {
        toolUses += 1;
        if (!block.result) unpairedToolUses += 1;
      }
    }
  }
  return { thinkingBlocks, compactions, toolUses, unpairedToolUses };
}

function subagentId(entries: TranscriptEntry[]): string | undefined {
  const messages = entries.filter((e) => e.kind === 'message');
  if (messages.length === 0 || !messages.every((m) => m.isSidechain)) return undefined;
  const ids = new Set(messages.map((m) => m.agentId));
  const [only] = [...ids];
  return ids.size === 1 ? only : undefined;
}

function countUnknownType(counts: Map<string, number>, type: string): void {
  const name = type.slice(0, 64);
  const key = counts.has(name) || counts.size < MAX_UNKNOWN_TYPE_NAMES ? name : OTHER_TYPES;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function mostFrequent(counts: Map<string, number>): string | undefined {
  let best: string | undefined;
  let bestCount = 0;
  for (const [key, count] of counts) {
    if (count > bestCount) [best, bestCount] = [key, count];
  }
  return best;
}
