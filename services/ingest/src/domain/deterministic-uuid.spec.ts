import fc from 'fast-check';
import { z } from 'zod';
import { contentHash, deterministicUuid, TRANSCRIPT_ID_NAMESPACE } from './deterministic-uuid';

describe('deterministicUuid', () => {
  it('matches the RFC 9562 UUID v5 test vector (DNS namespace, "www.example.com")', () => {
    expect(deterministicUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('is a valid v5 UUID, the same for the same name and different for different names', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const id = deterministicUuid(TRANSCRIPT_ID_NAMESPACE, a);
        expect(z.uuid().safeParse(id).success).toBe(true);
        expect(id[14]).toBe('5');
        expect(deterministicUuid(TRANSCRIPT_ID_NAMESPACE, a)).toBe(id);
        if (a !== b) expect(deterministicUuid(TRANSCRIPT_ID_NAMESPACE, b)).not.toBe(id);
      }),
    );
  });

  it('rejects a namespace that is not a UUID', () => {
    expect(() => deterministicUuid('nope', 'x')).toThrow(TypeError);
  });
});

describe('contentHash', () => {
  it('ignores key order and undefined fields, and sees every value change', () => {
    expect(contentHash({ a: 1, b: [1, { c: 'x' }] })).toBe(contentHash({ b: [1, { c: 'x' }], a: 1, d: undefined }));
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: 2 }));
  });
});
