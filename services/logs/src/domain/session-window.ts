const HOUR_MS = 3_600_000;
/** A session with no recorded end whose newest turn is this recent is taken as still running. */
export const RUNNING_SESSION_MS = 2 * HOUR_MS;

export interface SessionTimes {
  startedAt: string;
  endedAt: string | null;
  lastTurnAt: string | null;
}

/**
 * The time a session ran, to read what the system emitted meanwhile (docs/logs.md): from its start to its
 * recorded end; with none, to now while its newest turn is recent (it runs), else to its newest turn.
 */
export function sessionLogWindow(session: SessionTimes, now: Date): { since: Date; until: Date } {
  const since = new Date(session.startedAt);
  const lastTurn = session.lastTurnAt ? new Date(session.lastTurnAt) : since;
  const until = session.endedAt
    ? new Date(session.endedAt)
    : now.getTime() - lastTurn.getTime() <= RUNNING_SESSION_MS
      ? now
      : lastTurn;
  // a session of one instant still has the lines of its minute
  return { since, until: new Date(Math.max(until.getTime(), since.getTime() + 60_000)) };
}
