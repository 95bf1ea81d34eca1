import { datedSnippet, MATCH_START, MATCH_STOP, orderTurns, snippetOf } from './turn-order';

describe('orderTurns', () => {
  it('leads with the best-matching turn, then the closest to it', () => {
    expect(
      orderTurns([
        { seq: 3, score: 0 },
        { seq: 4, score: 0.2 },
        { seq: 5, score: 0.9 },
        { seq: 6, score: 0 },
        { seq: 7, score: 0 },
      ]),
    ).toEqual([5, 4, 6, 7, 3]);
  });

  it('prefers the later neighbour at equal distance and score (the answer after a question)', () => {
    expect(
      orderTurns([
        { seq: 1, score: 0 },
        { seq: 2, score: 1 },
        { seq: 3, score: 0 },
      ]),
    ).toEqual([2, 3, 1]);
  });
});

describe('datedSnippet', () => {
  it('opens with the day and folds whitespace', () => {
    expect(datedSnippet('2026-03-14T09:30:00.000Z', 'we chose\n **Postgres**  ')).toBe(
      '[2026-03-14] we chose **Postgres**',
    );
  });
});

describe('snippetOf', () => {
  const marked = (word: string) => `${MATCH_START}${word}${MATCH_STOP}`;

  it('gives the reader its dated, marked snippet and a program the plain text with the matches beside it', () => {
    const headline = `we chose\n ${marked('Postgres')} over ${marked('Mongo')}  for **kwargs `;
    expect(snippetOf('2026-03-14T09:30:00.000Z', headline)).toEqual({
      snippet: '[2026-03-14] we chose **Postgres** over **Mongo** for **kwargs',
      text: 'we chose Postgres over Mongo for **kwargs',
      highlights: [
        [9, 17],
        [23, 28],
      ],
    });
  });

  it('is plain text with no highlights for a headline without matches', () => {
    expect(snippetOf('2026-03-14T09:30:00.000Z', 'nothing matched here')).toEqual({
      snippet: '[2026-03-14] nothing matched here',
      text: 'nothing matched here',
      highlights: [],
    });
  });
});
