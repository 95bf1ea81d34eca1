import { writeEvent } from './extraction-events';
import { extractionTelemetry } from './extraction-telemetry';

const fact = {
  factId: 'f1',
  factType: 'goal' as const,
  content: 'Wants to run a marathon.',
  confidence: 'high' as const,
  source: 'extraction' as const,
  sourceSession: 's-1',
  sourceSegment: 2,
};

describe('writeEvent', () => {
  it('records a new fact as MemoryFactExtracted with its origin', () => {
    expect(writeEvent({ kind: 'create', fact }, () => 1)).toEqual({
      type: 'MemoryFactExtracted',
      key: 'create:f1',
      payload: fact,
    });
  });

  it('records a near-duplicate as an edit producing the stored version plus one', () => {
    const event = writeEvent(
      {
        kind: 'update',
        factId: 'f9',
        content: 'Wants to run a marathon in May.',
        confidence: 'high',
      },
      (id) => (id === 'f9' ? 4 : 1),
    );
    expect(event).toEqual({
      type: 'MemoryFactEdited',
      key: 'update:f9:5',
      payload: {
        factId: 'f9',
        content: 'Wants to run a marathon in May.',
        confidence: 'high',
        version: 5,
      },
    });
  });

  it('records a sensitive fact as a proposal, its reason clipped to what the event holds', () => {
    const event = writeEvent(
      {
        kind: 'propose',
        proposalId: 'f1',
        fact,
        reason: 'x'.repeat(300),
        proposedAt: '2026-01-01T00:00:00.000Z',
        lapsesAt: '2026-01-15T00:00:00.000Z',
      },
      () => 1,
    );
    expect(event.type).toBe('MemoryFactProposed');
    expect(event.payload).toMatchObject({ proposalId: 'f1', factId: 'f1', sourceSegment: 2 });
    expect((event.payload as { sensitiveReason: string }).sensitiveReason).toHaveLength(200);
  });
});

describe('extractionTelemetry', () => {
  const ok = {
    ok: true as const,
    rawCount: 5,
    validCount: 4,
    writeCount: 3,
    inputTokens: 10,
    outputTokens: 20,
  };

  it('names the telemetry action for each trigger and outcome', () => {
    expect(extractionTelemetry({ kind: 'segment', sessionId: 's', segment: 1 }, ok)).toEqual({
      name: 'memory',
      action: 'memory_extracted',
      metadata: {
        sessionId: 's',
        trigger: 'segment',
        segment: 1,
        factCount: 3,
        rawCount: 5,
        validCount: 4,
        inputTokens: 10,
        outputTokens: 20,
      },
    });
    expect(extractionTelemetry({ kind: 'artifact', artifactId: 'a' }, ok)).toMatchObject({
      action: 'memories_extracted_from_artifact',
      metadata: { artifactId: 'a', entryCount: 3 },
    });
    expect(
      extractionTelemetry({ kind: 'quiet', sessionId: 's' }, { ok: false, failure: 'api_error' }),
    ).toMatchObject({ action: 'memory_extraction_failed', metadata: { errorClass: 'api_error' } });
    expect(
      extractionTelemetry(
        { kind: 'artifact', artifactId: 'a' },
        { ok: false, failure: 'rate_limited' },
      ),
    ).toMatchObject({ action: 'artifact_memory_extraction_failed' });
    expect(
      extractionTelemetry(
        { kind: 'segment', sessionId: 's', segment: 1 },
        { ok: false, failure: 'cost_cap', spentUsd: 0.35, capUsd: 0.35 },
      ),
    ).toMatchObject({
      action: 'memory_cost_cap_hit',
      metadata: { spentUsd: 0.35, capUsd: 0.35 },
    });
  });
});
