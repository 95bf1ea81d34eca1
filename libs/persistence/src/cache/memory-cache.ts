import { randomUUID } from 'node:crypto';
import type { Cache } from './cache.port';

/** The embedded default: one process, so a Map with expiry times is the whole cache. */
export class MemoryCache implements Cache {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string): string | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  async get(key: string): Promise<string | null> {
    return this.live(key);
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.entries.set(key, {
      value,
      expiresAt: ttlMs ? this.now() + ttlMs : Number.POSITIVE_INFINITY,
    });
  }

  async del(...keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }

  async incr(key: string): Promise<number> {
    const next = Number(this.live(key) ?? '0') + 1;
    const expiresAt = this.entries.get(key)?.expiresAt ?? Number.POSITIVE_INFINITY;
    this.entries.set(key, { value: String(next), expiresAt });
    return next;
  }

  async tryLock(key: string, ttlMs: number): Promise<string | null> {
    if (this.live(key) !== null) return null;
    const token = randomUUID();
    await this.set(key, token, ttlMs);
    return token;
  }

  async unlock(key: string, token: string): Promise<boolean> {
    if (this.live(key) !== token) return false;
    this.entries.delete(key);
    return true;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.entries.clear();
  }
}
