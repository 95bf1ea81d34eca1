import { stripWrappers } from '@mnemo/contracts';
import type { ChunkTurn } from './pack-chunks';

export interface RecordedTurn {
  seq: number;
  role: 'user' | 'assistant' | 'system';
  text: string;
  isSidechain?: boolean;
  isCompactSummary?: boolean;
}

/**
 * The prose a chunk keeps of a turn (docs/recall.md: user and assistant text only, no tool_use /
 * tool_result noise, where most secrets live): empty for a system turn, a sidechain, a harness
 * summary or a turn that is only tool calls, so re-recording a turn as one of those takes it out of
 * its chunk. What Claude Code injected (hook context, command echoes) is cut: it is in every
 * session, so indexed it matched every question about its words everywhere.
 */
export function chunkText(turn: RecordedTurn): string {
  if (turn.role === 'system' || turn.isSidechain || turn.isCompactSummary) return '';
  return stripWrappers(turn.text);
}

export const isProse = (turn: { role: string; text: string }): turn is ChunkTurn =>
  turn.text.length > 0 && (turn.role === 'user' || turn.role === 'assistant');

/** Deterministic chunk ids (session + first seq), so re-ingest updates a chunk in place. */
export const chunkIdOf = (sessionId: string, firstSeq: number): string =>
  `${sessionId}#${firstSeq}`;
