import { fuseRanks, RRF_K } from './fuse-ranks';

describe('fuseRanks', () => {
  it('ranks first what both lists rank high, scored 1 when first in both', () => {
    const fused = fuseRanks([
      ['a', 'b', 'c'],
      ['a', 'c', 'd'],
    ]);
    expect(fused.map((f) => f.id)).toEqual(['a', 'c', 'b', 'd']);
    expect(fused[0]?.score).toBe(1);
    expect(fused.every((f) => f.score > 0 && f.score <= 1)).toBe(true);
  });

  it('lets an item only one list holds in, at half the score of being first in both', () => {
    const fused = fuseRanks([['lexical'], ['semantic']]);
    expect(fused).toEqual([
      { id: 'lexical', score: 0.5 },
      { id: 'semantic', score: 0.5 },
    ]);
  });

  it('sums 1 / (k + rank) per list', () => {
    const [only] = fuseRanks([['x', 'y'], ['y']]);
    expect(only).toEqual({
      id: 'y',
      score: (1 / (RRF_K + 2) + 1 / (RRF_K + 1)) / (2 / (RRF_K + 1)),
    });
  });

  it('answers nothing for nothing', () => {
    expect(fuseRanks([[], []])).toEqual([]);
  });
});
