import fc from 'fast-check';
import { factSimilarity, findNearDuplicate, holderOf, normalizeFactText } from './dedup';
import type { ExistingFact } from './memory-fact';

const fact = (factId: string, content: string, over: Partial<ExistingFact> = {}): ExistingFact => ({
  factId,
  factType: 'goal',
  content,
  confidence: 'medium',
  sourceSession: 's1',
  ...over,
});

describe('normalizeFactText', () => {
  it('lowercases, strips punctuation and accents, collapses spaces and drops stop words', () => {
    expect(normalizeFactText('  The user WANTS to   move to Zürich, soon!! ')).toBe(
      'wants move zurich soon',
    );
  });

  it('folds apostrophes so "doesn\'t" and "doesn’t" match', () => {
    expect(normalizeFactText("Doesn't drink coffee")).toBe(
      normalizeFactText('Doesn’t drink coffee.'),
    );
  });

  it('keeps negations', () => {
    expect(normalizeFactText('Never wants kids')).toBe('never wants kids');
  });
});

describe('factSimilarity', () => {
  it('is 1 for a restatement that differs only in stop words and punctuation', () => {
    expect(factSimilarity('Wants to run a marathon.', 'The user wants to run the marathon!')).toBe(
      1,
    );
  });

  it('is symmetric and within [0, 1]', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const s = factSimilarity(a, b);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
        expect(factSimilarity(b, a)).toBe(s);
      }),
    );
  });

  it('treats two texts of only stop words as equal only when worded the same', () => {
    expect(factSimilarity('It is.', 'it is.')).toBe(1);
    expect(factSimilarity('It is.', 'They were.')).toBe(0);
  });
});

describe('findNearDuplicate', () => {
  const existing = [
    fact('f1', 'Wants to run a marathon in Berlin.'),
    fact('f2', 'Wants to learn Portuguese.'),
  ];

  it('finds the reworded fact of the same type in the same session', () => {
    expect(
      findNearDuplicate(
        {
          factType: 'goal',
          content: 'The user wants to run a Berlin marathon',
          sourceSession: 's1',
        },
        existing,
      )?.factId,
    ).toBe('f1');
  });

  it('ignores a fact of another type', () => {
    expect(
      findNearDuplicate(
        { factType: 'preference', content: 'Wants to learn Portuguese.', sourceSession: 's1' },
        existing,
      ),
    ).toBeNull();
  });

  it('ignores a fact from another session: dedup is scoped by source session', () => {
    expect(
      findNearDuplicate(
        { factType: 'goal', content: 'Wants to learn Portuguese.', sourceSession: 's2' },
        existing,
      ),
    ).toBeNull();
  });

  it('ignores a fact below the threshold', () => {
    expect(
      findNearDuplicate(
        {
          factType: 'goal',
          content: 'Wants to learn Spanish and Portuguese at night.',
          sourceSession: 's1',
        },
        existing,
      ),
    ).toBeNull();
  });

  it('picks the most similar of several matches', () => {
    const two = [
      fact('a', 'Wants to run a marathon in Berlin this year.'),
      fact('b', 'Wants to run a marathon in Berlin.'),
    ];
    expect(
      findNearDuplicate(
        { factType: 'goal', content: 'Wants to run a marathon in Berlin.', sourceSession: 's1' },
        two,
        0.5,
      )?.factId,
    ).toBe('b');
  });
});

describe('near-duplicates by meaning', () => {
  it('finds "a love for horses" and "loves horses" one fact, across sessions', () => {
    const stored = [fact('f1', 'Has always had a love for horses.', { factType: 'preference' })];
    expect(
      findNearDuplicate(
        { factType: 'preference', content: 'Loves horses.', sourceSession: 's1' },
        stored,
      )?.factId,
    ).toBe('f1');
  });

  it('finds synonyms one fact, and a negation another', () => {
    const stored = [fact('f1', 'Watches films every Sunday.', { factType: 'preference' })];
    expect(
      findNearDuplicate(
        { factType: 'preference', content: 'Watches movies every Sunday.', sourceSession: 's1' },
        stored,
      )?.factId,
    ).toBe('f1');
    expect(
      findNearDuplicate(
        { factType: 'preference', content: 'Never watches films on Sunday.', sourceSession: 's1' },
        stored,
      ),
    ).toBeNull();
  });
});

describe('holderOf', () => {
  it('names the other person a fact opens with, by relation or by first name', () => {
    expect(holderOf('Is not vegan anymore.')).toBe('self');
    expect(holderOf('Their sister is not vegan anymore.')).toBe('sister');
    expect(holderOf('Sam is not vegan anymore.')).toBe('name:sam');
    expect(holderOf('Summer: Hanna moved out.')).toBe('name:hanna');
    // Done together with the person, it is the person's too.
    expect(holderOf('Felix and they broke up in March.')).toBe('self');
    expect(holderOf('Moved the wedding to June.')).toBe('self');
  });
});
