import fc from 'fast-check';
import { estimateTokens } from '../domain/estimate-tokens';
import type { SourceTurn } from '../extraction/source-turn';
import { BAKERY_TRANSCRIPT } from './offline.fixtures';
import { summarize, summarizeTurns } from './summarize';
import { turnsFromTranscript } from './text-tools';

const dated = (turns: ReturnType<typeof turnsFromTranscript>): SourceTurn[] =>
  turns.map((t, i) => ({ ...t, occurredAt: new Date(Date.UTC(2023, 4, 8, 18, i)).toISOString() }));

describe('summarizeTurns (offline, TextRank)', () => {
  it('keeps the most central sentences, each dated and attributed, in the order they were said', () => {
    expect(summarizeTurns(dated(turnsFromTranscript(BAKERY_TRANSCRIPT)))).toBe(
      [
        "- 8 May 2023 · User: I've been thinking about leaving my job at the bank.",
        '- 8 May 2023 · User: My wife thinks the bakery is a risk, but she supports me.',
        '- 8 May 2023 · User: I prefer to save a year of expenses before I quit the bank.',
      ].join('\n'),
    );
  });

  it('is a summary, not the turn list: about a fifth of the sentences, questions left out', () => {
    const turns: SourceTurn[] = Array.from({ length: 40 }, (_, i) => ({
      seq: i + 1,
      role: i % 2 ? 'assistant' : 'user',
      text: `I spent week ${i} working on the garden shed and the vegetable beds. Did the tomatoes grow well this year?`,
      occurredAt: '2023-05-08T18:00:00Z',
    }));
    const lines = summarizeTurns(turns).split('\n');
    expect(lines).toHaveLength(8);
    expect(lines.every((l) => !l.endsWith('?'))).toBe(true);
  });

  it('reads both speakers and resolves relative times against the turn', () => {
    const summary = summarizeTurns([
      {
        seq: 1,
        role: 'user',
        text: 'I passed the adoption agency interviews last Friday after months of preparing.',
        occurredAt: '2023-05-08T18:00:00Z',
      },
      {
        seq: 2,
        role: 'assistant',
        text: 'My pottery class finished its first kiln firing yesterday with the whole group.',
        occurredAt: '2023-05-08T18:01:00Z',
      },
      {
        seq: 3,
        role: 'user',
        text: 'The adoption agency interviews took months of preparing with the whole family.',
        occurredAt: '2023-05-08T18:02:00Z',
      },
    ]);
    expect(summary).toContain(
      '- 8 May 2023 · User: I passed the adoption agency interviews on 5 May 2023 after months of preparing.',
    );
    expect(summary).toContain(
      '- 8 May 2023 · Assistant: My pottery class finished its first kiln firing on 7 May 2023 with the whole group.',
    );
  });

  it('clips the best sentence when nothing fits whole', () => {
    expect(summarize(BAKERY_TRANSCRIPT, 5)).toBe('- User: My wife…');
  });

  it('returns nothing for an empty transcript', () => {
    expect(summarize('', 100)).toBe('');
    expect(summarize('ok. yes.', 100)).toBe('');
  });

  const prose = fc.array(
    fc
      .array(
        fc.constantFrom(
          'bakery',
          'money',
          'I',
          'want',
          'family',
          'the',
          'decided',
          'career',
          'risk',
          'my',
          'goal',
        ),
        { minLength: 1, maxLength: 14 },
      )
      .map((w) => `${w.join(' ')}.`),
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
      { numRuns: 40 },
    );
  });
});
