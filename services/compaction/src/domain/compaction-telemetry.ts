import { featureEvents, type FeatureEvent } from '@mnemo/contracts';
import type { CompactionLlmResult, CompactionOutcome } from './compaction-outcome';

/**
 * The telemetry row (docs/costs.md) for a compaction outcome: compaction_generated,
 * compaction_failed or compaction_cost_cap_hit. An empty transcript is not telemetry: its
 * CompactionSkipped event is the record.
 */
export function compactionTelemetry(
  outcome: CompactionOutcome,
  ctx: { sessionId: string; result?: CompactionLlmResult },
): FeatureEvent | null {
  const { sessionId, result } = ctx;
  switch (outcome.type) {
    case 'SegmentCompacted': {
      const { segment, inputTokens, outputTokens } = outcome.payload;
      return feature('compaction_generated', { sessionId, segment, inputTokens, outputTokens });
    }
    case 'CompactionFailed':
      return feature('compaction_failed', {
        sessionId,
        segment: outcome.payload.segment,
        errorClass: outcome.payload.reason,
      });
    case 'CompactionSkipped': {
      const { reason, segment } = outcome.payload;
      if (reason === 'empty_transcript') return null;
      if (reason === 'no_credential')
        return feature('compaction_failed', { sessionId, segment, errorClass: reason });
      const spent = result && !result.ok ? result : undefined;
      return feature('compaction_cost_cap_hit', {
        sessionId,
        segment,
        spentUsd: spent?.spentUsd ?? null,
        capUsd: spent?.capUsd ?? null,
      });
    }
    default: {
      const _never: never = outcome;
      return _never;
    }
  }
}

const feature = featureEvents('compaction');
