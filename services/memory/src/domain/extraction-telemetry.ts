import { featureEvents, type FeatureEvent } from '@mnemo/contracts';

/** What started an extraction: a compacted segment, a saved artifact, or a session gone quiet. */
export type ExtractionTrigger =
  | { kind: 'segment'; sessionId: string; segment: number }
  | { kind: 'artifact'; artifactId: string; sessionId?: string }
  | { kind: 'quiet'; sessionId: string };

export type ExtractionResult =
  | {
      ok: true;
      rawCount: number;
      validCount: number;
      writeCount: number;
      inputTokens: number;
      outputTokens: number;
    }
  | { ok: false; failure: string; spentUsd?: number | null; capUsd?: number | null };

/**
 * The memory telemetry for one extraction: memory_extracted / memories_extracted_from_artifact
 * on success, memory_extraction_failed / artifact_memory_extraction_failed on a failed call, and
 * memory_cost_cap_hit when the session pool is spent.
 */
export function extractionTelemetry(
  trigger: ExtractionTrigger,
  result: ExtractionResult,
): FeatureEvent {
  const who =
    trigger.kind === 'artifact'
      ? { artifactId: trigger.artifactId }
      : { sessionId: trigger.sessionId };
  const base = {
    ...who,
    trigger: trigger.kind,
    ...(trigger.kind === 'segment' ? { segment: trigger.segment } : {}),
  };
  if (result.ok) {
    const { rawCount, validCount, writeCount, inputTokens, outputTokens } = result;
    if (trigger.kind === 'artifact') {
      return feature('memories_extracted_from_artifact', {
        ...base,
        entryCount: writeCount,
        rawCount,
        validCount,
        inputTokens,
        outputTokens,
      });
    }
    return feature('memory_extracted', {
      ...base,
      factCount: writeCount,
      rawCount,
      validCount,
      inputTokens,
      outputTokens,
    });
  }
  if (result.failure === 'cost_cap')
    return feature('memory_cost_cap_hit', {
      ...base,
      spentUsd: result.spentUsd ?? null,
      capUsd: result.capUsd ?? null,
    });
  return feature(
    trigger.kind === 'artifact' ? 'artifact_memory_extraction_failed' : 'memory_extraction_failed',
    { ...base, errorClass: result.failure },
  );
}

const feature = featureEvents('memory');
