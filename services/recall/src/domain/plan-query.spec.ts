import { planQuery } from './plan-query';

const now = new Date('2026-11-30T12:00:00Z');

describe('planQuery', () => {
  it('keeps the subject words and drops the words that only frame a question about the past', () => {
    expect(
      planQuery('Do you remember what we discussed about the Postgres pool size?', now).words,
    ).toEqual(['do', 'you', 'what', 'we', 'about', 'the', 'postgres', 'pool', 'size']);
  });

  it('drops a contraction\'s clitic, so "didn\'t" or "I\'ll" leave no fragment to match', () => {
    expect(
      planQuery("What didn't Dmitri's quote cover, and what\u2019ll I owe? I've asked", now).words,
    ).toEqual(['what', 'dmitri', 'quote', 'cover', 'and', 'owe', 'asked']);
  });

  it('reads a month without a year as its latest occurrence up to now', () => {
    expect(planQuery('what did I decide in March?', now)).toEqual({
      words: ['what', 'did', 'decide', 'in'],
      window: { from: '2026-03-01T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' },
      names: [],
    });
    expect(planQuery('the December launch', now).window).toEqual({
      from: '2025-12-01T00:00:00.000Z',
      to: '2026-01-01T00:00:00.000Z',
    });
  });

  it('reads a month with its year, a year, last week and yesterday', () => {
    expect(planQuery('budget in feb 2025', now).window).toEqual({
      from: '2025-02-01T00:00:00.000Z',
      to: '2025-03-01T00:00:00.000Z',
    });
    expect(planQuery('what shipped in 2025', now).window).toEqual({
      from: '2025-01-01T00:00:00.000Z',
      to: '2026-01-01T00:00:00.000Z',
    });
    expect(planQuery('flaky test last week', now)).toEqual({
      words: ['flaky', 'test'],
      window: { from: '2026-11-23T12:00:00.000Z', to: '2026-12-01T12:00:00.000Z' },
      names: [],
    });
    expect(planQuery('what broke yesterday', now).window).toEqual({
      from: '2026-11-29T00:00:00.000Z',
      to: '2026-11-30T00:00:00.000Z',
    });
  });

  it('keeps "may" as a word: it is more often the verb than the month', () => {
    expect(planQuery('we may need a cache', now)).toEqual({
      words: ['we', 'may', 'need', 'cache'],
      names: [],
    });
  });

  it('reads a season as its three months: of the year named, else the latest begun, or over after "last"', () => {
    expect(planQuery('the hike in summer 2024', now).window).toEqual({
      from: '2024-06-01T00:00:00.000Z',
      to: '2024-09-01T00:00:00.000Z',
    });
    expect(planQuery('what did we plan last winter', now).window).toEqual({
      from: '2025-12-01T00:00:00.000Z',
      to: '2026-03-01T00:00:00.000Z',
    });
    expect(planQuery('plans for the autumn', now).window).toEqual({
      from: '2026-09-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
    });
  });

  it('marks the words written with a capital inside the question as names, not the first word, a month or "I"', () => {
    expect(planQuery('When did I tell Omar about the Lisbon trip in May?', now).names).toEqual([
      'omar',
      'lisbon',
    ]);
  });

  it('keeps paths and dotted names whole', () => {
    expect(planQuery('who touched src/auth.guards.ts', now).words).toEqual([
      'who',
      'touched',
      'src',
      'auth.guards.ts',
      'src/auth.guards.ts',
    ]);
    // a turn's "gorilla/mux" is one lexeme: the question holds it whole too
    expect(planQuery('we picked gorilla/mux.', now).words).toContain('gorilla/mux');
  });

  it("counts a question's file, package, symbol and flag names as names, not its everyday words", () => {
    expect(
      planQuery(
        'where does useFilters.ts call node:test for for_each and --verbose in the app',
        now,
      ).names,
    ).toEqual(['usefilters.ts', 'node', 'test', 'for_each', 'verbose']);
    expect(planQuery('which package manager should we use here', now).names).toEqual([]);
  });
});
