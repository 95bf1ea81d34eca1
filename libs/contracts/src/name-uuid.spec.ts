import fc from 'fast-check';
import { z } from 'zod';
import { deterministicUuid, reactionId } from './name-uuid';

const NAMESPACE = '6f1c2a94-3b7e-4d0a-9c55-8e2f4b1d7a63';

describe('deterministicUuid', () => {
  it('matches the RFC 9562 UUID v5 test vector (DNS namespace, "www.example.com")', () => {
    expect(deterministicUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('is a valid v5 UUID, the same for the same name and different for different names', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const id = deterministicUuid(NAMESPACE, a);
        expect(z.uuid().safeParse(id).success).toBe(true);
        expect(id[14]).toBe('5');
        expect(deterministicUuid(NAMESPACE, a)).toBe(id);
        if (a !== b) expect(deterministicUuid(NAMESPACE, b)).not.toBe(id);
      }),
    );
  });

  it('keeps the version and variant bits whatever the hash', () => {
    for (let i = 0; i < 200; i += 1)
      expect(deterministicUuid(NAMESPACE, `n${i}`)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
  });

  it('rejects a namespace that is not a UUID', () => {
    expect(() => deterministicUuid('nope', 'x')).toThrow(TypeError);
  });
});

describe('reactionId', () => {
  it('is the same for the same cause and role, and differs by either', () => {
    const cause = '6f1c1a52-8f8e-4c1e-9d7a-0b3a3d2f4e11';
    expect(reactionId(cause, 'summary')).toBe(reactionId(cause, 'summary'));
    expect(reactionId(cause, 'summary')).not.toBe(reactionId(cause, 'telemetry'));
    expect(reactionId(cause, 'summary')).not.toBe(
      reactionId('6f1c1a52-8f8e-4c1e-9d7a-0b3a3d2f4e12', 'summary'),
    );
    expect(z.uuid().safeParse(reactionId(cause, 'x')).success).toBe(true);
  });
});
