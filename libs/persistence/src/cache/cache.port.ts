export const CACHE = 'CACHE';

/** Cache and short locks: Redis in production, in-process for the embedded default. */
export interface Cache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  incr(key: string): Promise<number>;
  /** Takes a lock if free; returns its token, or null when another holder has it. */
  tryLock(key: string, ttlMs: number): Promise<string | null>;
  /** Releases a lock only if the token still owns it. */
  unlock(key: string, token: string): Promise<boolean>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
