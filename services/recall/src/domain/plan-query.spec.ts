import { planQuery } from './plan-query';

const now = new Date('2026-11-30T12:00:00Z');

describe('planQuery', () => {
  it('keeps the subject words and drops the words that only frame a question about the past', () => {
    expect(
      planQuery('Do you remember what we discussed about the Postgres pool size?', now).words,
    ).toEqual(['do', 'you', 'what', 'we', 'about', 'the', 'postgres', 'pool', 'size']);
  });

  it('reads a month without a year as its latest occurrence up to now', () => {
    expect(planQuery('what did I decide in March?', now)).toEqual({
      words: ['what', 'did', 'decide', 'in'],
      window: { from: '2026-03-01T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' },
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
    });
    expect(planQuery('what broke yesterday', now).window).toEqual({
      from: '2026-11-29T00:00:00.000Z',
      to: '2026-11-30T00:00:00.000Z',
    });
  });

  it('keeps "may" as a word: it is more often the verb than the month', () => {
    expect(planQuery('we may need a cache', now)).toEqual({
      words: ['we', 'may', 'need', 'cache'],
    });
  });

  it('keeps paths and dotted names whole', () => {
    expect(planQuery('who touched src/auth.guards.ts', now).words).toEqual([
      'who',
      'touched',
      'src',
      'auth.guards.ts',
    ]);
  });
});
