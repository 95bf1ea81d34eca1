import fc from 'fast-check';
import { isoTimestamp } from './iso-timestamp';

/** How Postgres's JSON writes a timestamptz in a UTC session: microseconds, trailing zeros (and an empty fraction) dropped. */
const asPostgresJson = (at: Date, micros: number): string => {
  const fraction = String(at.getUTCMilliseconds() * 1000 + micros)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${at.toISOString().slice(0, 19)}${fraction ? `.${fraction}` : ''}+00:00`;
};

describe('isoTimestamp', () => {
  const dates = fc.date({
    min: new Date('0001-01-01T00:00:00Z'),
    max: new Date('9999-12-31T23:59:59.999Z'),
    noInvalidDate: true,
  });

  it('gives what new Date(value).toISOString() gives for any timestamp Postgres writes in JSON', () => {
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 999 }), (at, micros) => {
        const text = asPostgresJson(at, micros);
        expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
      }),
    );
  });

  it('parses what is not a UTC timestamp in that shape: a Date, another offset, a space for the T', () => {
    const at = new Date('2026-01-07T22:39:00.120Z');
    expect(isoTimestamp(at)).toBe('2026-01-07T22:39:00.120Z');
    expect(isoTimestamp('2026-01-07T23:39:00.12+01:00')).toBe('2026-01-07T22:39:00.120Z');
    expect(isoTimestamp('2026-01-07 22:39:00+00')).toBe('2026-01-07T22:39:00.000Z');
    expect(() => isoTimestamp('not a time')).toThrow(RangeError);
  });
});
