import { clustersByDay } from './corpus-days';

describe('clustersByDay', () => {
  const days = ['2026-12-05', '2026-12-06', '2026-12-07'];

  it('counts each cluster once, on the UTC day of its latest attempt', () => {
    expect(
      clustersByDay(days, [
        { lastAttemptAt: '2026-12-06T23:59:59.000Z' },
        { lastAttemptAt: '2026-12-06T00:00:00.000Z' },
        { lastAttemptAt: '2026-12-07T08:00:00.000Z' },
      ]),
    ).toEqual([0, 2, 1]);
  });

  it('counts an undated cluster or one older than the window on no day', () => {
    expect(
      clustersByDay(days, [{ lastAttemptAt: null }, { lastAttemptAt: '2026-11-01T10:00:00.000Z' }]),
    ).toEqual([0, 0, 0]);
  });
});
