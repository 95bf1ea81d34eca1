import fc from 'fast-check';
import { greedyPack } from './greedy-pack';

describe('greedyPack', () => {
  it('skips an item that does not fit and still takes a shorter one behind it', () => {
    const result = greedyPack(['aaaa', 'bbbbbbbbbb', 'cc'], (s) => s.length, 7);
    expect(result.taken).toEqual(['aaaa', 'cc']);
    expect(result.skipped).toEqual(['bbbbbbbbbb']);
    expect(result.used).toBe(6);
  });

  it('pays the fixed cost once, with the first item taken, and not at all when nothing fits', () => {
    expect(greedyPack(['aa', 'bb'], (s) => s.length, 10, 5)).toMatchObject({
      taken: ['aa', 'bb'],
      used: 9,
    });
    expect(greedyPack(['aa'], (s) => s.length, 6, 5)).toMatchObject({ taken: [], used: 0 });
  });

  it('never exceeds the budget, keeps order, and loses no item', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(50)), fc.nat(300), fc.nat(20), (costs, budget, fixed) => {
        const items = costs.map((cost, i) => ({ i, cost }));
        const result = greedyPack(items, (item) => item.cost, budget, fixed);
        expect(result.used).toBeLessThanOrEqual(budget);
        expect(
          [...result.taken, ...result.skipped].map((item) => item.i).sort((a, b) => a - b),
        ).toEqual(items.map((item) => item.i));
        expect(result.taken.map((item) => item.i)).toEqual(
          [...result.taken.map((item) => item.i)].sort((a, b) => a - b),
        );
        // Greedy: every skipped item would have overflowed at the moment it was considered, so none fits now either.
        for (const skipped of result.skipped)
          expect(
            result.used + skipped.cost + (result.taken.length === 0 ? fixed : 0),
          ).toBeGreaterThan(budget);
      }),
    );
  });
});
