import { contentHash } from './deterministic-uuid';

describe('contentHash', () => {
  it('ignores key order and undefined fields, and sees every value change', () => {
    expect(contentHash({ a: 1, b: [1, { c: 'x' }] })).toBe(
      contentHash({ b: [1, { c: 'x' }], a: 1, d: undefined }),
    );
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: 2 }));
  });
});
