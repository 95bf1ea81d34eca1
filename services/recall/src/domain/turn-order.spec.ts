import { datedSnippet, orderTurns } from './turn-order';

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
