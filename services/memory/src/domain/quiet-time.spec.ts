import { isQuietSession, settledStretches } from './quiet-time';

const t = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));

describe('isQuietSession', () => {
  it('is quiet 30 minutes after the last turn, not a minute earlier', () => {
    expect(isQuietSession(t(0), null, t(29))).toBe(false);
    expect(isQuietSession(t(0), null, t(30))).toBe(true);
  });

  it('is not quiet when a pause after the last turn already triggered extraction', () => {
    expect(isQuietSession(t(0), t(1), t(45))).toBe(false);
    expect(isQuietSession(t(0), t(0), t(45))).toBe(false);
  });

  it('is quiet again when turns came after the last pause', () => {
    expect(isQuietSession(t(10), t(5), t(40))).toBe(true);
  });

  it('is never quiet without a turn, or with a turn stamped in the future', () => {
    expect(isQuietSession(null, null, t(100))).toBe(false);
    expect(isQuietSession(t(50), null, t(40))).toBe(false);
  });

  it('honours a custom quiet window', () => {
    expect(isQuietSession(t(0), null, t(10), 10)).toBe(true);
  });
});

describe('settledStretches', () => {
  const stretch = (key: string, throughSeq: number) => ({ key, throughSeq });

  it('holds back a stretch the previous sweep did not see, and one that grew since', () => {
    const previous = new Map([
      ['a:s1', 10],
      ['a:s2', 5],
    ]);
    const { settled, seen } = settledStretches(previous, [
      stretch('a:s1', 12),
      stretch('a:s2', 5),
      stretch('a:s3', 7),
    ]);
    expect(settled).toEqual([stretch('a:s2', 5)]);
    expect([...seen]).toEqual([
      ['a:s1', 12],
      ['a:s2', 5],
      ['a:s3', 7],
    ]);
  });

  it('lets a stretch through on the sweep after the one where it stopped growing', () => {
    let previous = new Map<string, number>();
    const sightings = [3, 9, 9].map((seq) => {
      const result = settledStretches(previous, [stretch('a:s1', seq)]);
      previous = result.seen;
      return result.settled.length;
    });
    expect(sightings).toEqual([0, 0, 1]);
  });
});
