import { mayServe, mayStore, trustedStamp, type CachedContext } from './context-cache-trust';

const entry = (accountId: string, version: number): CachedContext<string> => ({
  stamp: { accountId, version },
  value: 'ctx',
  usedMemoryIds: [],
});

describe('the context cache trust rule', () => {
  it('reads the version counter as the gate returns it: a number, a bigint as text, or no row yet (version 0)', () => {
    expect(trustedStamp('a', 7)).toEqual({ accountId: 'a', version: 7 });
    expect(trustedStamp('a', '12')).toEqual({ accountId: 'a', version: 12 });
    expect(trustedStamp('a', null)).toEqual({ accountId: 'a', version: 0 });
    expect(trustedStamp('a', undefined)).toEqual({ accountId: 'a', version: 0 });
  });

  it('trusts no version that is not a counter, so the request builds without the cache', () => {
    for (const bad of ['', 'abc', '1.5', -1, Number.NaN, 2 ** 60, {}, true])
      expect(trustedStamp('a', bad)).toBeNull();
  });

  it('serves an entry built for the same account at the same version', () => {
    expect(mayServe(entry('a', 3), trustedStamp('a', 3))).toBe(true);
  });

  it('never serves an entry built at another version, older or newer', () => {
    expect(mayServe(entry('a', 2), trustedStamp('a', 3))).toBe(false);
    expect(mayServe(entry('a', 4), trustedStamp('a', 3))).toBe(false);
  });

  it("never serves another account's entry, an entry without a stamp, or anything when no version is trusted", () => {
    expect(mayServe(entry('b', 3), trustedStamp('a', 3))).toBe(false);
    expect(
      mayServe(
        { value: 'old format', usedMemoryIds: [] } as unknown as CachedContext<string>,
        trustedStamp('a', 3),
      ),
    ).toBe(false);
    expect(mayServe(entry('a', 3), null)).toBe(false);
    expect(mayServe(null, trustedStamp('a', 3))).toBe(false);
  });

  it('keeps only a complete build under a trusted stamp', () => {
    expect(mayStore(trustedStamp('a', 3), { failedSources: [] })).toBe(true);
    expect(mayStore(trustedStamp('a', 3), { failedSources: ['memories'] })).toBe(false);
    expect(mayStore(null, { failedSources: [] })).toBe(false);
  });
});
