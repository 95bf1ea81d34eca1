import type { Cache } from './cache.port';

/** The behaviour every Cache adapter must show; run against Redis and the in-process cache. */
export function describeCacheContract(
  name: string,
  make: () => Promise<{ cache: Cache; cleanup: () => Promise<void> }>,
): void {
  describe(`Cache contract: ${name}`, () => {
    let cache: Cache;
    let cleanup: () => Promise<void>;
    beforeEach(async () => ({ cache, cleanup } = await make()));
    afterEach(async () => cleanup());

    it('reads back what it stored and forgets deleted keys', async () => {
      await cache.set('a', '1');
      await expect(cache.get('a')).resolves.toBe('1');
      await cache.del('a');
      await expect(cache.get('a')).resolves.toBeNull();
    });

    it('expires a key after its time to live', async () => {
      await cache.set('short', 'x', 30);
      await expect(cache.get('short')).resolves.toBe('x');
      await new Promise((resolve) => setTimeout(resolve, 60));
      await expect(cache.get('short')).resolves.toBeNull();
    });

    it('counts up with incr from nothing', async () => {
      await expect(cache.incr('n')).resolves.toBe(1);
      await expect(cache.incr('n')).resolves.toBe(2);
    });

    it('grants a lock to one holder at a time and releases it only for the owner', async () => {
      const first = await cache.tryLock('lock', 5000);
      expect(first).toEqual(expect.any(String));
      await expect(cache.tryLock('lock', 5000)).resolves.toBeNull();
      await expect(cache.unlock('lock', 'not-the-token')).resolves.toBe(false);
      await expect(cache.unlock('lock', first!)).resolves.toBe(true);
      await expect(cache.tryLock('lock', 5000)).resolves.toEqual(expect.any(String));
    });
  });
}
