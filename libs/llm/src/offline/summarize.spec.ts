import fc from 'fast-check';
import { estimateTokens } from '../domain/estimate-tokens';
import { BAKERY_TRANSCRIPT } from './offline.fixtures';
import { summarize } from './summarize';

describe('summarize (offline)', () => {
  it('keeps the highest-scoring sentences within the cap, in their original order', () => {
    expect(summarize(BAKERY_TRANSCRIPT, 60)).toBe(
      [
        "- User: I've been thinking about leaving my job at the bank.",
        '- My goal is to start a small bakery within two years.',
        '- I value stability for my kids.',
        '- I want to test the bakery idea at the farmers market first.',
      ].join('\n'),
    );
  });

  it('keeps every substantive sentence when the cap allows', () => {
    const lines = summarize(BAKERY_TRANSCRIPT, 1_024).split('\n');
    expect(lines).toHaveLength(16);
    expect(lines).toContain('- I decided to take a weekend pastry course in March.');
  });

  it('clips the best sentence when nothing fits whole', () => {
    expect(summarize(BAKERY_TRANSCRIPT, 5)).toBe('- I want to test…');
  });

  it('returns nothing for an empty transcript', () => {
    expect(summarize('', 100)).toBe('');
    expect(summarize('ok. yes.', 100)).toBe('');
  });

  const prose = fc.array(
    fc.array(fc.constantFrom('bakery', 'money', 'I', 'want', 'family', 'the', 'decided', 'career', 'risk', 'my', 'goal'), { minLength: 1, maxLength: 14 }).map((w) => `${w.join(' ')}.`),
    { maxLength: 40 },
  );

  it('never exceeds the token cap and is deterministic', () => {
    fc.assert(
      fc.property(prose, fc.integer({ min: 1, max: 400 }), (sentences, cap) => {
        const text = sentences.join(' ');
        const summary = summarize(text, cap);
        expect(estimateTokens(summary)).toBeLessThanOrEqual(cap);
        expect(summarize(text, cap)).toBe(summary);
      }),
    );
  });
});
