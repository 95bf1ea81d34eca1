import { countByCategory } from './memory-categories';
import type { FactTypeName } from './memory-fact';
import { countsFromTypeTotals, highlightSnippet } from './memory-view';

describe('countsFromTypeTotals', () => {
  it('gives the same per-tab counts as counting the facts one by one', () => {
    const facts: { factType: FactTypeName }[] = [
      ...Array(3).fill({ factType: 'goal' }),
      ...Array(2).fill({ factType: 'event' }),
      { factType: 'value' },
      { factType: 'relationship' },
    ];
    const totals = [
      { factType: 'goal' as const, n: 3 },
      { factType: 'event' as const, n: 2 },
      { factType: 'value' as const, n: 1 },
      { factType: 'relationship' as const, n: 1 },
    ];
    expect(countsFromTypeTotals(totals)).toEqual(countByCategory(facts));
    expect(countsFromTypeTotals(totals)).toMatchObject({
      All: 7,
      Facts: 3,
      Goals: 3,
      Events: 2,
      Values: 1,
      Relationships: 1,
      Decisions: 0,
    });
  });
});

describe('highlightSnippet', () => {
  it('marks the matched words and escapes everything else, so stored markup never renders', () => {
    expect(highlightSnippet('I <b>love</b> \u0001hiking\u0002 & "trails"')).toBe(
      'I &lt;b&gt;love&lt;/b&gt; <mark>hiking</mark> &amp; &quot;trails&quot;',
    );
  });
});
