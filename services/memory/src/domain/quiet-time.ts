/** Seed 001: background extraction runs once a conversation has been quiet for 30 minutes. */
export const QUIET_MINUTES = 30;

/**
 * A session is quiet when its last turn is at least `quietMinutes` old and no segment pause came after
 * it: a pause already led to compaction and extraction, so extracting again would only repeat it.
 */
export function isQuietSession(lastTurnAt: Date | null, lastPauseAt: Date | null, now: Date, quietMinutes = QUIET_MINUTES): boolean {
  if (!lastTurnAt) return false;
  if (lastPauseAt && lastPauseAt.getTime() >= lastTurnAt.getTime()) return false;
  return now.getTime() - lastTurnAt.getTime() >= quietMinutes * 60_000;
}
