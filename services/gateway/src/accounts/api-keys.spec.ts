import { createHash } from 'node:crypto';
import { apiKeyPrefix, hashApiKey, newApiKey } from './api-keys';

describe('API keys', () => {
  it('makes a new, url-safe key each time, with the mnemo_ prefix', () => {
    const [one, two] = [newApiKey(), newApiKey()];
    expect(one).toMatch(/^mnemo_[A-Za-z0-9_-]{43}$/);
    expect(one).not.toBe(two);
  });

  it('stores the sha256 of a key, as the accounts table and the auth guard compare it', () => {
    const key = newApiKey();
    expect(hashApiKey(key)).toBe(createHash('sha256').update(key).digest('hex'));
  });

  it('shows only the first 12 characters of a key as its prefix', () => {
    expect(apiKeyPrefix('mnemo_abcdefghijklmnop')).toBe('mnemo_abcdef');
  });
});
