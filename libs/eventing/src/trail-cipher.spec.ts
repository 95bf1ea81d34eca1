import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@mnemo/contracts';
import { sealTrail } from './sealing-event-log';
import {
  EMBEDDED_TRAIL_KEY,
  isSealed,
  parseTrailKeys,
  TrailCipher,
  TrailKeyError,
} from './trail-cipher';

const key = (id: string) => ({ id, key: randomBytes(32) });
const spec = (...keys: Array<{ id: string; key: Buffer }>) =>
  keys.map((k) => `${k.id}:${k.key.toString('base64')}`).join(',');

describe('the proposal trail cipher', () => {
  it('seals with AES-256-GCM under the first key, naming it, and opens to the same text', () => {
    const cipher = new TrailCipher([key('2026-12'), key('2026-06')]);
    const sealed = cipher.seal('Takes melatonin most nights.');
    expect(sealed).toMatch(/^trail:v1:2026-12:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain('melatonin');
    expect(cipher.open(sealed)).toBe('Takes melatonin most nights.');
    // a fresh IV each time: the same text never seals to the same value
    expect(cipher.seal('Takes melatonin most nights.')).not.toBe(sealed);
  });

  it('opens values stored before the seal was shared with the LLM keys, and seals them byte for byte alike', () => {
    // sealed by the trail's own AES-GCM code, iv 000102…0b; a stored trail must keep opening
    const k2026 = { id: 'k2026', key: Buffer.from('0123456789abcdef0123456789abcdef', 'utf8') };
    const stored =
      'trail:v1:k2026:AAECAwQFBgcICQoL:97uO3bEW00kvLzmsoru_Cw:ZMXWE699tozcs1HyGLyza4goaukc8RX5Q7Q';
    const embedded = 'trail:v1:embedded:AAECAwQFBgcICQoL:F2-lh3rxG3pfUWRA8eZNOw:B4Mv02ClsU7lGoU';
    const cipher = new TrailCipher([k2026]);
    expect(cipher.open(stored)).toBe('I moved to Lisbon in March');
    expect(cipher.open(embedded)).toBe('prefers tea');
    const iv = Buffer.from('000102030405060708090a0b', 'hex');
    expect(cipher.seal('I moved to Lisbon in March', iv)).toBe(stored);
  });

  it('rotates: the newest key seals, an older one still opens what it sealed', () => {
    const old = key('2026-06');
    const before = new TrailCipher([old]).seal('Knee injury, ibuprofen 400mg.');
    const rotated = new TrailCipher([key('2026-12'), old]);
    expect(rotated.open(before)).toBe('Knee injury, ibuprofen 400mg.');
    expect(rotated.seal('x')).toMatch(/^trail:v1:2026-12:/);
    // once the old key is dropped, its values cannot be opened, and the error says which key
    expect(() => new TrailCipher([key('2026-12')]).open(before)).toThrow(
      /sealed with key "2026-06", which MNEMO_TRAIL_KEYS no longer holds/,
    );
  });

  it('refuses a tampered value or a wrong key under a known id, echoing neither', () => {
    const k = key('k1');
    const sealed = new TrailCipher([k]).seal('Sleeps badly.');
    const [head, ciphertext = ''] = [
      sealed.slice(0, sealed.lastIndexOf(':')),
      sealed.split(':').pop(),
    ];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped.writeUInt8(flipped.readUInt8(0) ^ 1, 0);
    expect(() => new TrailCipher([k]).open(`${head}:${flipped.toString('base64url')}`)).toThrow(
      TrailKeyError,
    );
    expect(() => new TrailCipher([key('k1')]).open(sealed)).toThrow(/key "k1" cannot be opened/);
  });

  it('gives text written before the trail was sealed back as it is, and opens the embedded key', () => {
    const cipher = new TrailCipher([key('k1')]);
    expect(cipher.open('Takes vitamin D.')).toBe('Takes vitamin D.');
    const zeroConfig = new TrailCipher([EMBEDDED_TRAIL_KEY]).seal('Has asthma.');
    expect(cipher.open(zeroConfig)).toBe('Has asthma.');
    expect(isSealed(cipher.seal('a'))).toBe(true);
  });

  it('parses MNEMO_TRAIL_KEYS newest first, and names what is wrong with a malformed key', () => {
    const a = key('a');
    const b = key('b');
    expect(parseTrailKeys(` ${spec(a, b)} `).map((k) => k.id)).toEqual(['a', 'b']);
    expect(parseTrailKeys(spec(a)).map((k) => k.key.equals(a.key))).toEqual([true]);
    expect(() => parseTrailKeys('')).toThrow(/no key given/);
    expect(() => parseTrailKeys(randomBytes(32).toString('base64'))).toThrow(
      /entry 1: expected id:base64key/,
    );
    expect(() => parseTrailKeys(`k1:${randomBytes(16).toString('base64')}`)).toThrow(
      /key "k1": 16 bytes, AES-256 needs 32/,
    );
    expect(() => parseTrailKeys('k1:not base64!')).toThrow(/key "k1": not base64/);
    expect(() => parseTrailKeys(spec(a, a))).toThrow(/key "a" is given twice/);
  });
});

describe('sealTrail', () => {
  const event = (type: string, payload: object) =>
    ({
      id: 'e1',
      type,
      accountId: 'acc',
      occurredAt: '2026-12-01T00:00:00Z',
      version: 1,
      payload,
    }) as unknown as EventEnvelope;
  const cipher = new TrailCipher([key('k1')]);

  it("seals a proposal's text and reason, and nothing else of it or of other events", () => {
    const proposed = event('MemoryFactProposed', {
      proposalId: 'p1',
      factId: 'f1',
      content: 'Takes melatonin most nights.',
      sensitiveReason: 'names a medication ("melatonin")',
      confidence: 'high',
    });
    const sealed = sealTrail(proposed, cipher).payload as Record<string, string>;
    expect(JSON.stringify(sealed)).not.toMatch(/melatonin/);
    expect(sealed).toMatchObject({ proposalId: 'p1', factId: 'f1', confidence: 'high' });
    expect(cipher.open(String(sealed.content))).toBe('Takes melatonin most nights.');
    expect(cipher.open(String(sealed.sensitiveReason))).toBe('names a medication ("melatonin")');
    // sealing twice changes nothing (a redelivered append)
    expect(sealTrail({ ...proposed, payload: sealed }, cipher).payload).toEqual(sealed);
    const created = event('MemoryFactCreated', { factId: 'f1', content: 'Likes tea.' });
    expect(sealTrail(created, cipher)).toBe(created);
  });
});
