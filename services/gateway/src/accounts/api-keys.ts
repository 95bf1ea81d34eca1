import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** API keys are 32 random bytes; only their sha256 is stored, which is safe for keys of that entropy. */
export function newApiKey(): string {
  return `mnemo_${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export const apiKeyPrefix = (key: string) => key.slice(0, 12);

export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
