import { hash, randomBytes } from 'node:crypto';

/** API keys are 32 random bytes; only their sha256 is stored, which is safe for keys of that entropy. */
export function newApiKey(): string {
  return `mnemo_${randomBytes(32).toString('base64url')}`;
}

/** One-shot `hash` (Node ≥ 20.12, as context-cache.ts already needs): a third of `createHash`'s cost, paid on every request. */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

export const apiKeyPrefix = (key: string) => key.slice(0, 12);
