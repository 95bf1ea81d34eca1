import { firstItems, itemAt } from './item-at';

describe('itemAt', () => {
  it('returns the item at an index, from the end when negative', () => {
    expect(itemAt(['a', 'b', 'c'], 1)).toBe('b');
    expect(itemAt(['a', 'b', 'c'], -1)).toBe('c');
  });

  it('fails with the count when there is no such item', () => {
    expect(() => itemAt(['a'], 1)).toThrow('expected an item at 1, but there are 1');
    expect(() => itemAt([], 0)).toThrow('expected an item at 0, but there are 0');
  });
});

describe('firstItems', () => {
  it('returns the first items as a tuple', () => {
    const [a, b] = firstItems(['a', 'b', 'c'], 2);
    expect([a, b]).toEqual(['a', 'b']);
  });

  it('fails with the count when there are fewer', () => {
    expect(() => firstItems(['a'], 2)).toThrow('expected at least 2 items, but there are 1');
  });
});
