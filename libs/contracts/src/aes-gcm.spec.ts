import { randomBytes } from 'node:crypto';
import { gcmParts, openGcm, sealGcm } from './aes-gcm';

const key = randomBytes(32);
const aad = Buffer.from('mnemo:test:v1');

describe('AES-256-GCM with associated data', () => {
  it('seals to iv, tag and ciphertext in base64url, and opens to the same text', () => {
    const sealed = sealGcm('the text', key, aad);
    expect(sealed).toMatch(/^[\w-]+:[\w-]+:[\w-]*$/);
    const parts = gcmParts(sealed.split(':'));
    expect(parts).not.toBeNull();
    expect(openGcm(parts!, key, aad)).toBe('the text');
  });

  it('refuses another key, another purpose and a tampered ciphertext', () => {
    const parts = gcmParts(sealGcm('the text', key, aad).split(':'))!;
    expect(() => openGcm(parts, randomBytes(32), aad)).toThrow();
    expect(() => openGcm(parts, key, Buffer.from('mnemo:other:v1'))).toThrow();
    const flipped = Buffer.from(parts.ciphertext, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      openGcm({ ...parts, ciphertext: flipped.toString('base64url') }, key, aad),
    ).toThrow();
  });

  it('reads three parts only, the ciphertext possibly empty', () => {
    expect(gcmParts(['iv', 'tag', ''])).toEqual({ iv: 'iv', tag: 'tag', ciphertext: '' });
    expect(gcmParts(['iv', 'tag'])).toBeNull();
    expect(gcmParts(['', 'tag', 'c'])).toBeNull();
    expect(gcmParts(['iv', 'tag', 'c', 'extra'])).toBeNull();
  });
});
