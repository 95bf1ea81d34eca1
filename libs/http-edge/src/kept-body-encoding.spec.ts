import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { acceptsGzip, keptBodyFor } from './kept-body-encoding';

describe('keptBodyFor', () => {
  it('takes gzip only when the client prefers it to identity', () => {
    expect(
      ['gzip, deflate', 'GZIP', '*', 'deflate, gzip;q=0.5', ['br', 'gzip']].map(acceptsGzip),
    ).toEqual([true, true, true, true, true]);
    expect(
      [undefined, '', 'identity', 'br', 'gzip;q=0', 'gzip;q=0.5, identity', '*;q=0'].map(
        acceptsGzip,
      ),
    ).toEqual([false, false, false, false, false, false, false]);
  });

  it('sends a kept body gzipped, compressing it once; a small one, or to a client without gzip, as it is', () => {
    const body = Buffer.from('A careful engineer who values honesty. '.repeat(100));
    const first = keptBodyFor(body, 'gzip, deflate');
    expect(first.encoding).toBe('gzip');
    expect(gunzipSync(first.body).equals(body)).toBe(true);
    expect(keptBodyFor(body, 'gzip, deflate').body).toBe(first.body);
    expect(keptBodyFor(body, 'identity')).toEqual({ body });
    const small = Buffer.from('{"text":""}');
    expect(keptBodyFor(small, 'gzip')).toEqual({ body: small });
  });

  it('sends a body gzip would not make smaller as it is', () => {
    const random = randomBytes(4096);
    expect(keptBodyFor(random, 'gzip')).toEqual({ body: random });
    expect(keptBodyFor(random, 'gzip')).toEqual({ body: random });
  });
});
