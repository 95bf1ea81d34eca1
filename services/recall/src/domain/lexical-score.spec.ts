import { chunkScore, idf, selectingLexemes, tsqueryOperand } from './lexical-score';

describe('lexical scoring', () => {
  it('weighs rare lexemes above common ones', () => {
    expect(idf(2, 1000)).toBeGreaterThan(idf(500, 1000));
    expect(idf(0, 10)).toBeGreaterThan(idf(1, 10));
  });

  it('selects candidates by the rarest lexemes within the row budget, never none while one is present', () => {
    const lexemes = [
      { lexeme: 'pool', df: 40 },
      { lexeme: 'databas', df: 900 },
      { lexeme: 'timeout', df: 300 },
      { lexeme: 'kafka', df: 0 },
    ];
    expect(selectingLexemes(lexemes, 500)).toEqual(['pool', 'timeout']);
    expect(selectingLexemes(lexemes, 10)).toEqual(['pool']);
    expect(selectingLexemes([{ lexeme: 'kafka', df: 0 }], 10)).toEqual([]);
  });

  it('scores 0–1, lifted inside the time a question names and lowered outside it', () => {
    expect(chunkScore(0.2, null)).toBeCloseTo(0.324);
    expect(chunkScore(0.1, null)).toBeLessThan(0.3);
    expect(chunkScore(0, true)).toBe(0.4);
    expect(chunkScore(1, true)).toBe(1);
    expect(chunkScore(1, false)).toBeCloseTo(0.6);
    expect(chunkScore(1.2, null)).toBe(1);
  });

  it('quotes a lexeme so tsquery takes it literally', () => {
    expect(tsqueryOperand("o'neil")).toBe("'o''neil'");
    expect(tsqueryOperand('a\\b')).toBe("'a\\\\b'");
  });
});
