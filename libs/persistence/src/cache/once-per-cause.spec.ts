import { MemoryCache } from './memory-cache';
import { oncePerCause, type OncePerCause } from './once-per-cause';

const keys: OncePerCause = {
  doneKey: 'done:e1',
  doneTtlMs: 60_000,
  lockKey: 'lock:a1',
  lockMs: 60_000,
  busy: () => new Error('busy; retrying'),
};

describe('oncePerCause', () => {
  it('runs the work once per cause and answers nothing to a later delivery', async () => {
    const cache = new MemoryCache();
    const work = jest.fn().mockResolvedValue(3);
    await expect(oncePerCause(cache, keys, work)).resolves.toBe(3);
    await expect(oncePerCause(cache, keys, work)).resolves.toBeUndefined();
    expect(work).toHaveBeenCalledTimes(1);
    await expect(cache.get('done:e1')).resolves.toBe('3');
  });

  it('refuses a delivery that arrives while the work is in flight, which retried later finds it done', async () => {
    const cache = new MemoryCache();
    let finish: (n: number) => void = () => undefined;
    const first = oncePerCause(
      cache,
      keys,
      () => new Promise<number>((resolve) => (finish = resolve)),
    );
    await expect(oncePerCause(cache, keys, async () => 1)).rejects.toThrow('busy; retrying');
    finish(2);
    await expect(first).resolves.toBe(2);
    await expect(oncePerCause(cache, keys, async () => 1)).resolves.toBeUndefined();
  });

  it('marks nothing done and frees the lock when the work fails, so a retry runs it', async () => {
    const cache = new MemoryCache();
    await expect(
      oncePerCause(cache, keys, async () => Promise.reject(new Error('model down'))),
    ).rejects.toThrow('model down');
    await expect(oncePerCause(cache, keys, async () => 'ok')).resolves.toBe('ok');
  });
});
