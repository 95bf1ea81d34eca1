import fc from 'fast-check';
import {
  decryptSecret,
  deriveMasterKey,
  encryptSecret,
  fingerprintSecret,
  SecretBoxError,
} from './secret-box';
import { firstItems } from '@mnemo/testing';

const master = deriveMasterKey('correct horse battery staple');

describe('secret box', () => {
  it('round-trips any secret', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (plain) => {
        expect(decryptSecret(encryptSecret(plain, master), master)).toBe(plain);
      }),
      { numRuns: 50 },
    );
  });

  it('writes a versioned blob that does not contain the secret', () => {
    const blob = encryptSecret('sk-ant-api03-secretvalue', master);
    expect(blob).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(blob).not.toContain('secretvalue');
  });

  it('opens a blob stored before the seal was shared with the trail, and seals it byte for byte alike', () => {
    // sealed by the secret box's own AES-GCM code, iv 000102…0b; stored keys must keep opening
    const stored = 'v1:AAECAwQFBgcICQoL:KcFrDwEF5oHp-lBTgynJag:rpBxgZHQ_KPXaWr3cX_SvQHVe_Q';
    expect(decryptSecret(stored, master)).toBe('sk-ant-api03-example');
    const iv = Buffer.from('000102030405060708090a0b', 'hex');
    expect(encryptSecret('sk-ant-api03-example', master, iv)).toBe(stored);
  });

  it('uses a fresh iv each time, so equal secrets do not look equal at rest', () => {
    expect(encryptSecret('same', master)).not.toBe(encryptSecret('same', master));
  });

  it('refuses a blob under another master key', () => {
    const blob = encryptSecret('sk-ant-x', master);
    expect(() => decryptSecret(blob, deriveMasterKey('other'))).toThrow(SecretBoxError);
  });

  it('refuses a tampered blob', () => {
    const [v, iv, tag, body] = firstItems(encryptSecret('sk-ant-xyz', master).split(':'), 4);
    const flipped = Buffer.from(body, 'base64url');
    flipped.writeUInt8(flipped.readUInt8(0) ^ 1, 0);
    expect(() =>
      decryptSecret([v, iv, tag, flipped.toString('base64url')].join(':'), master),
    ).toThrow(SecretBoxError);
  });

  it('refuses an unknown version', () => {
    expect(() => decryptSecret('v9:a:b:c', master)).toThrow(/unknown format/);
  });

  it('derives the same master key from the same secret', () => {
    expect(deriveMasterKey('abc').equals(deriveMasterKey('abc'))).toBe(true);
    expect(() => deriveMasterKey('')).toThrow(SecretBoxError);
  });

  it('fingerprints without revealing', () => {
    expect(fingerprintSecret('sk-ant-1')).toHaveLength(12);
    expect(fingerprintSecret('sk-ant-1')).not.toBe(fingerprintSecret('sk-ant-2'));
  });
});
