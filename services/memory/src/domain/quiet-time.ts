/** Background extraction runs once a conversation has been quiet for 30 minutes. */
export const QUIET_MINUTES = 30;

/**
 * A session is quiet when its last turn is at least `quietMinutes` old and no segment pause came after
 * it: a pause already led to compaction and extraction, so extracting again would only repeat it.
 */
export function isQuietSession(
  lastTurnAt: Date | null,
  lastPauseAt: Date | null,
  now: Date,
  quietMinutes = QUIET_MINUTES,
): boolean {
  if (!lastTurnAt) return false;
  if (lastPauseAt && lastPauseAt.getTime() >= lastTurnAt.getTime()) return false;
  return now.getTime() - lastTurnAt.getTime() >= quietMinutes * 60_000;
}

/** An unread stretch of one session as a sweep sees it: it ends at `throughSeq`. */
export interface UnreadStretch {
  key: string;
  throughSeq: number;
}

/**
 * The stretches that did not grow since the previous sweep saw them. Old turns arriving now (a backfilled
 * transcript, a batch still being projected) carry timestamps that already look quiet; judged half-applied,
 * a stretch would be extracted in part and then the rest again. Returns them with what to remember.
 */
export function settledStretches<T extends UnreadStretch>(
  previous: ReadonlyMap<string, number>,
  current: readonly T[],
): { settled: T[]; seen: Map<string, number> } {
  return {
    settled: current.filter((stretch) => previous.get(stretch.key) === stretch.throughSeq),
    seen: new Map(current.map((stretch) => [stretch.key, stretch.throughSeq])),
  };
}
