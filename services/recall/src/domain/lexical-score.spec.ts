import { candidateLexemes, idf, selectingLexemes, tsqueryOperand } from './lexical-score';

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

  it('quotes a lexeme so tsquery takes it literally', () => {
    expect(tsqueryOperand("o'neil")).toBe("'o''neil'");
    expect(tsqueryOperand('a\\b')).toBe("'a\\\\b'");
  });
});

describe('candidate lexemes', () => {
  const lexemes = [
    { lexeme: 'fen', df: 60_000 },
    { lexeme: 'zorta', df: 14_000 },
    { lexeme: 'gispelren', df: 1_000 },
    { lexeme: 'lonimtrolo', df: 100 },
    { lexeme: 'kafka', df: 0 },
  ];

  it('selects by any of the rare lexemes within the budget and by all of the shortest run of common ones expected to fit it', () => {
    expect(candidateLexemes(lexemes, 100_000, 400)).toEqual({
      any: ['lonimtrolo'],
      anyRows: 100,
      all: ['gispelren', 'zorta'],
      allRows: expect.closeTo(140, 0),
      fallback: { lexeme: 'gispelren', df: 1_000 },
    });
  });

  it('takes every lexeme by any in a small account, as scoring all matches costs nothing there', () => {
    expect(
      candidateLexemes(
        lexemes.map((l) => ({ ...l, df: Math.min(l.df, 9) })),
        60,
        400,
      ),
    ).toEqual({
      any: ['fen', 'gispelren', 'lonimtrolo', 'zorta'],
      anyRows: 36,
      all: [],
      allRows: 0,
      fallback: undefined,
    });
  });

  it('asks for all of the common lexemes when no shorter run fits, and for none when only one is left', () => {
    const common = candidateLexemes(
      [
        { lexeme: 'fen', df: 60_000 },
        { lexeme: 'lo', df: 80_000 },
      ],
      100_000,
      400,
    );
    expect(common).toMatchObject({ any: [], all: ['fen', 'lo'], fallback: { lexeme: 'fen' } });
    expect(common.allRows).toBeCloseTo(48_000);
    expect(candidateLexemes([{ lexeme: 'fen', df: 60_000 }], 100_000, 400)).toEqual({
      any: [],
      anyRows: 0,
      all: [],
      allRows: 0,
      fallback: { lexeme: 'fen', df: 60_000 },
    });
  });
});
