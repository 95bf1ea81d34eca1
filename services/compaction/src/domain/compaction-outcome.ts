import type { z } from 'zod';
import type { CompactionFailed, CompactionSkipped, SegmentCompacted } from '@mnemo/contracts';
import type { Transcript } from '@mnemo/llm';

/** The part of the LLM port's answer compaction reads (structurally compatible with libs/llm's LlmResult). */
export type CompactionLlmResult =
  | { ok: true; text: string; usage: { inputTokens: number; outputTokens: number }; model: string }
  | {
      ok: false;
      failure: 'no_credential' | 'cost_cap' | 'rate_limited' | 'api_error' | 'invalid_output';
      message: string;
      spentUsd?: number;
      capUsd?: number;
    };

export type CompactionOutcome =
  | { type: 'SegmentCompacted'; payload: z.infer<typeof SegmentCompacted> }
  | { type: 'CompactionSkipped'; payload: z.infer<typeof CompactionSkipped> }
  | { type: 'CompactionFailed'; payload: z.infer<typeof CompactionFailed> };

const MAX_SUMMARY_CHARS = 20_000;
const MAX_MESSAGE_CHARS = 2_000;

/** Whether there is anything to summarize; with nothing, no model is called and no money reserved. */
export const needsSummary = (input: Transcript): boolean => input.includedTurns > 0;

/**
 * The one event a segment pause ends in. A missing key or a spent cap is a skip (nothing went
 * wrong, the session just goes on without a summary); a provider or output problem is a failure.
 * Neither blocks the session (docs/compaction.md).
 */
export function decideCompactionOutcome(args: {
  segment: number;
  input: Transcript;
  result?: CompactionLlmResult;
}): CompactionOutcome {
  const { segment, input, result } = args;
  if (!needsSummary(input) || result === undefined) {
    return { type: 'CompactionSkipped', payload: { segment, reason: 'empty_transcript' } };
  }
  if (result.ok) {
    const summary = result.text.trim();
    if (summary.length === 0) {
      return failed(segment, 'invalid_output', 'the model returned an empty summary');
    }
    return {
      type: 'SegmentCompacted',
      payload: {
        segment,
        summary: clip(summary, MAX_SUMMARY_CHARS),
        inputTokens: result.usage.inputTokens,
        outputTokens: result.usage.outputTokens,
        model: result.model,
      },
    };
  }
  const message = clip(result.message, MAX_MESSAGE_CHARS);
  switch (result.failure) {
    case 'cost_cap':
    case 'no_credential':
      return { type: 'CompactionSkipped', payload: { segment, reason: result.failure, message } };
    case 'rate_limited':
    case 'api_error':
    case 'invalid_output':
      return failed(segment, result.failure, message);
    default: {
      const _never: never = result.failure;
      return _never;
    }
  }
}

function failed(
  segment: number,
  reason: z.infer<typeof CompactionFailed>['reason'],
  message: string,
): CompactionOutcome {
  return { type: 'CompactionFailed', payload: { segment, reason, message } };
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
