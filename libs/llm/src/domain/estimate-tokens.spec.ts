import fc from 'fast-check';
import { estimateTokens, estimateWorstCaseUsd, worstCaseInputTokens } from './estimate-tokens';
import { estimateCostUsd } from './pricing';

describe('estimateTokens', () => {
  it('counts about four characters a token, rounded up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
  });
});

describe('estimateWorstCaseUsd', () => {
  it('prices every allowed output token plus a dense reading of the input', () => {
    // 60,000 chars of transcript and 1,024 output tokens: the compaction call (docs/compaction.md).
    expect(estimateWorstCaseUsd('claude-haiku-4-5', 60_000, 1, 1_024)).toBe(
      estimateCostUsd('claude-haiku-4-5', 20_016, 1_024),
    );
  });

  it('is never below the cost of the prose estimate of the same call', () => {
    fc.assert(
      fc.property(
        fc.nat(200_000),
        fc.integer({ min: 1, max: 50 }),
        fc.nat(8_192),
        (chars, messages, maxOut) => {
          const worst = estimateWorstCaseUsd('claude-haiku-4-5', chars, messages, maxOut);
          expect(worst).toBeGreaterThanOrEqual(
            estimateCostUsd('claude-haiku-4-5', Math.ceil(chars / 4), maxOut),
          );
          expect(worstCaseInputTokens(chars, messages)).toBeGreaterThanOrEqual(
            Math.ceil(chars / 4),
          );
        },
      ),
    );
  });
});
