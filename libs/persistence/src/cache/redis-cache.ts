import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { DependencyError } from '@mnemo/contracts';
import type { Cache } from './cache.port';

/** Every failure of a Redis command here is the cache being unreachable or refusing: a DependencyError naming it. */
const unreachable = (error: unknown): never => {
  throw new DependencyError(
    'cache',
    `Redis did not answer (${String((error as Error)?.message ?? error)})`,
    { cause: error },
  );
};

const UNLOCK_IF_OWNER = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisCache implements Cache {
  private readonly redis: Redis;

  /** `prefix` namespaces every key (tests use a random one). */
  constructor(
    url: string,
    private readonly prefix = 'mnemo:',
  ) {
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      lazyConnect: false,
    });
  }

  private k(key: string): string {
    return this.prefix + key;
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(this.k(key)).catch(unreachable);
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs) await this.redis.set(this.k(key), value, 'PX', ttlMs).catch(unreachable);
    else await this.redis.set(this.k(key), value).catch(unreachable);
  }

  async del(...keys: string[]): Promise<void> {
    if (keys.length) await this.redis.del(...keys.map((key) => this.k(key))).catch(unreachable);
  }

  async incr(key: string): Promise<number> {
    return this.redis.incr(this.k(key)).catch(unreachable);
  }

  async tryLock(key: string, ttlMs: number): Promise<string | null> {
    const token = randomUUID();
    const ok = await this.redis.set(this.k(key), token, 'PX', ttlMs, 'NX').catch(unreachable);
    return ok === 'OK' ? token : null;
  }

  async unlock(key: string, token: string): Promise<boolean> {
    return (await this.redis.eval(UNLOCK_IF_OWNER, 1, this.k(key), token).catch(unreachable)) === 1;
  }

  async ping(): Promise<void> {
    await this.redis.ping().catch(unreachable);
  }

  /** Test helper: removes every key under this cache's prefix. */
  async clear(): Promise<void> {
    const keys = await this.redis.keys(`${this.prefix}*`);
    if (keys.length) await this.redis.del(...keys);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
