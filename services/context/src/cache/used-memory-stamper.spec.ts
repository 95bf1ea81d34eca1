import { InProcessEventLog } from '@mnemo/eventing';
import { MemoryCache } from '@mnemo/persistence';
import { eventually } from '@mnemo/testing';
import { quietLogger } from '../context-tables.testing';
import { UsedMemoryStamper } from './used-memory-stamper';

describe('UsedMemoryStamper', () => {
  const setup = () => {
    const log = new InProcessEventLog({ dataDir: null });
    const cache = new MemoryCache();
    // The shared lock is asked synchronously inside stamp(), so this list is complete as soon as stamp() returns.
    const locks: string[] = [];
    const tryLock = cache.tryLock.bind(cache);
    cache.tryLock = (key, ttlMs) => {
      locks.push(key);
      return tryLock(key, ttlMs);
    };
    const stamper = new UsedMemoryStamper({ log, cache, logger: quietLogger });
    const stampsOf = async (accountId: string) => {
      let n = 0;
      for await (const batch of log.read('events', 1))
        n += batch.filter(
          (s) => s.event.type === 'MemoryFactUsed' && s.event.accountId === accountId,
        ).length;
      return n;
    };
    return { stamper, locks, stampsOf };
  };

  it('asks the shared lock once per account and id set within the interval, however the list is passed', async () => {
    const { stamper, locks, stampsOf } = setup();
    const ids = ['f-1', 'f-2', 'f-3'];
    stamper.stamp('acct-a', ids);
    stamper.stamp('acct-a', ids);
    stamper.stamp('acct-a', [...ids]);
    expect(locks).toHaveLength(1);
    await eventually(
      () => stampsOf('acct-a'),
      (n) => n === 1,
    );
  });

  it('keeps accounts apart even when one list object is stamped for both', async () => {
    const { stamper, locks, stampsOf } = setup();
    const ids = ['f-1', 'f-2'];
    stamper.stamp('acct-a', ids);
    stamper.stamp('acct-b', ids);
    stamper.stamp('acct-a', ids);
    expect(locks).toHaveLength(2);
    await eventually(
      () => stampsOf('acct-b'),
      (n) => n === 1,
    );
  });

  it('stamps nothing for an empty list', () => {
    const { stamper, locks } = setup();
    stamper.stamp('acct-a', []);
    expect(locks).toEqual([]);
  });
});
