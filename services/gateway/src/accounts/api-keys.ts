import { createHash, randomBytes } from 'node:crypto';

/** API keys are 32 random bytes; only their sha256 is stored, which is safe for keys of that entropy. */
export function newApiKey(): string {
  return `mnemo_${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export const apiKeyPrefix = (key: string) => key.slice(0, 12);
