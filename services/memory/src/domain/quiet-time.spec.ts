import { isQuietSession } from './quiet-time';

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
