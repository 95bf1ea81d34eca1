import fc from 'fast-check';
import { nextUtcMidnight, utcDay } from './utc-day';

describe('utcDay', () => {
  it('names the UTC day, not the local one', () => {
    expect(utcDay(new Date('2026-03-01T23:59:59.999-05:00'))).toBe('2026-03-02');
    expect(utcDay(new Date('2026-03-02T00:30:00+02:00'))).toBe('2026-03-01');
  });

  it('refuses an invalid date instead of opening a pool called "Invalid Date"', () => {
    expect(() => utcDay(new Date('nope'))).toThrow(RangeError);
  });
});

describe('nextUtcMidnight', () => {
  it('is the start of the following UTC day', () => {
    expect(nextUtcMidnight(new Date('2026-12-31T18:00:00Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('moves a moment exactly at midnight to the next midnight', () => {
    expect(nextUtcMidnight(new Date('2026-05-05T00:00:00Z')).toISOString()).toBe(
      '2026-05-06T00:00:00.000Z',
    );
  });

  it('is always later, within a day, and on the next utcDay', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (d) => {
          const next = nextUtcMidnight(d);
          expect(next.getTime()).toBeGreaterThan(d.getTime());
          expect(next.getTime() - d.getTime()).toBeLessThanOrEqual(86_400_000);
          expect(utcDay(next)).not.toBe(utcDay(d));
          expect(utcDay(new Date(next.getTime() - 1))).toBe(utcDay(d));
        },
      ),
    );
  });
});
