import { CompactionFailed, CompactionSkipped, SegmentCompacted } from '@mnemo/contracts';
import { buildTranscript } from '@mnemo/llm';
import {
  decideCompactionOutcome,
  type CompactionLlmResult,
  type CompactionOutcome,
} from './compaction-outcome';
import { compactionTelemetry } from './compaction-telemetry';

const input = buildTranscript([
  { seq: 0, role: 'user', text: 'I decided to quit my job in spring.' },
]);
const ok = (text: string): CompactionLlmResult => ({
  ok: true,
  text,
  usage: { inputTokens: 900, outputTokens: 120 },
  model: 'haiku',
});
const fail = (
  failure: Extract<CompactionLlmResult, { ok: false }>['failure'],
  extra = {},
): CompactionLlmResult => ({
  ok: false,
  failure,
  message: `${failure} happened`,
  ...extra,
});
const schemas = { SegmentCompacted, CompactionSkipped, CompactionFailed };
const expectValid = (o: CompactionOutcome) =>
  expect(schemas[o.type].safeParse(o.payload).success).toBe(true);

describe('decideCompactionOutcome', () => {
  it('publishes SegmentCompacted with the trimmed summary and usage', () => {
    const outcome = decideCompactionOutcome({
      segment: 3,
      input,
      result: ok('  The person plans to quit in spring.  '),
    });
    expect(outcome).toEqual({
      type: 'SegmentCompacted',
      payload: {
        segment: 3,
        summary: 'The person plans to quit in spring.',
        inputTokens: 900,
        outputTokens: 120,
        model: 'haiku',
      },
    });
    expectValid(outcome);
  });

  it('skips an empty transcript without needing a model answer', () => {
    const outcome = decideCompactionOutcome({
      segment: 1,
      input: buildTranscript([]),
      result: ok('made up'),
    });
    expect(outcome).toEqual({
      type: 'CompactionSkipped',
      payload: { segment: 1, reason: 'empty_transcript' },
    });
  });

  it.each(['cost_cap', 'no_credential'] as const)('skips on %s', (failure) => {
    const outcome = decideCompactionOutcome({ segment: 2, input, result: fail(failure) });
    expect(outcome).toEqual({
      type: 'CompactionSkipped',
      payload: { segment: 2, reason: failure, message: `${failure} happened` },
    });
    expectValid(outcome);
  });

  it.each(['rate_limited', 'api_error', 'invalid_output'] as const)('fails on %s', (failure) => {
    const outcome = decideCompactionOutcome({ segment: 2, input, result: fail(failure) });
    expect(outcome).toMatchObject({
      type: 'CompactionFailed',
      payload: { segment: 2, reason: failure },
    });
    expectValid(outcome);
  });

  it('treats a blank summary as invalid output, not as a summary', () => {
    expect(decideCompactionOutcome({ segment: 1, input, result: ok('   ') })).toMatchObject({
      type: 'CompactionFailed',
      payload: { reason: 'invalid_output' },
    });
  });

  it('clips an oversized summary and message so the event still validates', () => {
    const long = decideCompactionOutcome({ segment: 1, input, result: ok('s'.repeat(25_000)) });
    expectValid(long);
    const loud = decideCompactionOutcome({
      segment: 1,
      input,
      result: { ok: false, failure: 'api_error', message: 'm'.repeat(5_000) },
    });
    expectValid(loud);
  });
});

describe('compactionTelemetry', () => {
  it('records compaction_generated with tokens', () => {
    const outcome = decideCompactionOutcome({ segment: 3, input, result: ok('summary') });
    expect(compactionTelemetry(outcome, { sessionId: 's1' })).toEqual({
      name: 'compaction',
      action: 'compaction_generated',
      metadata: { sessionId: 's1', segment: 3, inputTokens: 900, outputTokens: 120 },
    });
  });

  it('records a cost-cap hit with spend and cap from the failure', () => {
    const result = fail('cost_cap', { spentUsd: 0.5, capUsd: 0.5 });
    const outcome = decideCompactionOutcome({ segment: 3, input, result });
    expect(compactionTelemetry(outcome, { sessionId: 's1', result })).toMatchObject({
      action: 'compaction_cost_cap_hit',
      metadata: { spentUsd: 0.5, capUsd: 0.5 },
    });
  });

  it('records failures and a missing key as compaction_failed with the error class', () => {
    for (const failure of ['api_error', 'no_credential'] as const) {
      const outcome = decideCompactionOutcome({ segment: 1, input, result: fail(failure) });
      expect(compactionTelemetry(outcome, { sessionId: 's1' })).toMatchObject({
        action: 'compaction_failed',
        metadata: { errorClass: failure },
      });
    }
  });

  it('records nothing for an empty transcript', () => {
    const outcome = decideCompactionOutcome({ segment: 1, input: buildTranscript([]) });
    expect(compactionTelemetry(outcome, { sessionId: 's1' })).toBeNull();
  });
});
