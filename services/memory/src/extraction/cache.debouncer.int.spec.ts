import { RedisCache } from '@mnemo/persistence';
import { eventually, TEST_REDIS_URL } from '../../../../tests/support/servers';
import { CacheDebouncer, inflightLock, type DebounceResult } from './cache.debouncer';
import { firstItems, itemAt } from '@mnemo/testing';

const prefix = `debounce_${Math.random().toString(16).slice(2)}:`;

/** Two instances sharing Redis, as two replicas of the memory service would. */
describe('CacheDebouncer across instances', () => {
  const caches = [new RedisCache(TEST_REDIS_URL, prefix), new RedisCache(TEST_REDIS_URL, prefix)];
  const errors: unknown[] = [];
  /** Each time a run found its key's lock held: `key@version`. */
  const lockBusy: string[] = [];
  const [a, b] = firstItems(
    caches.map(
      (cache) =>
        new CacheDebouncer(
          cache,
          { delayMs: 150, lockMs: 5_000, maxWaitMs: 3_000 },
          (_key, error) => errors.push(error),
          (key, version) => lockBusy.push(`${key}@${version}`),
        ),
    ),
    2,
  );
  const waitingOnLock = (keyAtVersion: string) =>
    eventually(
      async () => lockBusy,
      (seen) => seen.includes(keyAtVersion),
    );

  afterAll(async () => {
    a.stop();
    b.stop();
    await itemAt(caches, 0).clear();
    for (const cache of caches) await cache.close();
  });

  const settledWith = () => {
    const results: Array<[number, DebounceResult]> = [];
    let resolveAll: () => void;
    const all = new Promise<void>((resolve) => (resolveAll = resolve));
    return {
      results,
      all,
      track: (version: number, expected: number) => (result: DebounceResult) => {
        results.push([version, result]);
        if (results.length === expected) resolveAll();
      },
    };
  };

  it('runs only the newest of a burst of saves, whichever instance received it', async () => {
    const ran: number[] = [];
    const work = (version: number) => async () => void ran.push(version);
    const s = settledWith();
    await a.schedule('k1', 1, work(1), s.track(1, 3));
    await b.schedule('k1', 2, work(2), s.track(2, 3));
    await a.schedule('k1', 3, work(3), s.track(3, 3));
    await s.all;
    expect(ran).toEqual([3]);
    expect(s.results.sort()).toEqual([
      [1, 'superseded'],
      [2, 'superseded'],
      [3, 'ran'],
    ]);
  });

  it('never lets an older save replace a newer one (a redelivery)', async () => {
    const ran: number[] = [];
    const s = settledWith();
    await a.schedule('k2', 7, async () => void ran.push(7), s.track(7, 1));
    await b.schedule('k2', 5, async () => void ran.push(5), s.track(5, 1));
    await s.all;
    expect(ran).toEqual([7]);
  });

  it('keeps one run in flight per key: a save during a run waits for it, then runs after it', async () => {
    const events: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const s = settledWith();
    await a.schedule(
      'k3',
      1,
      async () => {
        events.push('start 1');
        await gate;
        events.push('end 1');
      },
      s.track(1, 2),
    );
    // Wait until run 1 holds the lock, then save again on the other instance.
    await eventually(
      async () => events,
      (seen) => seen.includes('start 1'),
    );
    await b.schedule('k3', 2, async () => void events.push('run 2'), s.track(2, 2));
    await waitingOnLock('k3@2'); // past run 2's delay, it found run 1 holding the lock
    expect(events).toEqual(['start 1']);
    release();
    await s.all;
    expect(events).toEqual(['start 1', 'end 1', 'run 2']);
    expect(errors).toEqual([]);
  });

  it('waits while something else holds the key’s in-flight lock (the recovery sweep takes the same one)', async () => {
    const ran: number[] = [];
    const token = await itemAt(caches, 1).tryLock(inflightLock('k4'), 5_000);
    expect(token).toBeTruthy();
    const s = settledWith();
    await a.schedule('k4', 1, async () => void ran.push(1), s.track(1, 1));
    await waitingOnLock('k4@1'); // past the delay, the run found the lock held
    expect(ran).toEqual([]);
    await itemAt(caches, 1).unlock(inflightLock('k4'), token!);
    await s.all;
    expect(ran).toEqual([1]);
  });
});
