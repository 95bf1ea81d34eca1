import { RUNNING_SESSION_MS, sessionLogWindow } from './session-window';

const NOW = new Date('2026-12-07T12:00:00.000Z');
const iso = (date: Date) => date.toISOString();
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe('the time a session ran, for the log lines of that time', () => {
  it.each([
    [
      'a session with a recorded end runs from its start to its end',
      { startedAt: '2026-12-05T09:00:00Z', endedAt: '2026-12-05T10:30:00Z', lastTurnAt: null },
      ['2026-12-05T09:00:00.000Z', '2026-12-05T10:30:00.000Z'],
    ],
    [
      'a session with no end and a recent turn still runs: it reaches now',
      { startedAt: ago(3 * RUNNING_SESSION_MS), endedAt: null, lastTurnAt: ago(60_000) },
      [ago(3 * RUNNING_SESSION_MS), iso(NOW)],
    ],
    [
      'a session with no end and an old last turn ends at that turn',
      { startedAt: '2026-12-01T09:00:00Z', endedAt: null, lastTurnAt: '2026-12-01T11:00:00Z' },
      ['2026-12-01T09:00:00.000Z', '2026-12-01T11:00:00.000Z'],
    ],
    [
      'a session of one instant keeps the minute it ran',
      { startedAt: '2026-12-01T09:00:00Z', endedAt: '2026-12-01T09:00:00Z', lastTurnAt: null },
      ['2026-12-01T09:00:00.000Z', '2026-12-01T09:01:00.000Z'],
    ],
  ])('%s', (_name, session, [since, until]) => {
    const window = sessionLogWindow(session, NOW);
    expect([iso(window.since), iso(window.until)]).toEqual([since, until]);
  });
});
