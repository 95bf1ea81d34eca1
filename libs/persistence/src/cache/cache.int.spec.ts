import { randomUUID } from 'node:crypto';
import { describeCacheContract } from './cache.contract';
import { MemoryCache } from './memory-cache';
import { RedisCache } from './redis-cache';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describeCacheContract('Redis', async () => {
  const cache = new RedisCache(REDIS_URL, `test:${randomUUID()}:`);
  return {
    cache,
    cleanup: async () => {
      await cache.clear();
      await cache.close();
    },
  };
});

describeCacheContract('in-process', async () => {
  const cache = new MemoryCache();
  return { cache, cleanup: () => cache.close() };
});
