/** How a segment pause settled: its compaction outcome, and the reason of a skip (`CompactionSkipped:cost_cap`). */
export function settledAs(
  type: 'SegmentCompacted' | 'CompactionSkipped' | 'CompactionFailed',
  payload: { reason?: string },
): string {
  return type === 'CompactionSkipped' ? `${type}:${payload.reason}` : type;
}

/**
 * The settled outcomes fact extraction follows (extraction runs once the segment's compaction
 * call has settled, whatever it settled as). A failed summary or a spent compaction cap still leaves a
 * transcript worth reading for facts, and extraction pays from the session pool, not the compaction one.
 * Not followed: no credential (the extraction call would find none either) and an empty transcript
 * (nothing to read). A segment whose outcome is not followed is no bound either: its turns are read by
 * the next extraction of the session.
 */
export const EXTRACTION_FOLLOWS = [
  'SegmentCompacted',
  'CompactionFailed',
  'CompactionSkipped:cost_cap',
] as const;

export const extractionFollows = (settled: string | null | undefined): boolean =>
  (EXTRACTION_FOLLOWS as readonly string[]).includes(settled ?? '');

export interface RecordedPause {
  segment: number;
  /** The log sequence of the pause. */
  pausedSeq: number;
  settled: string | null;
}

/** A window of the log whose turns one extraction reads: after `afterSeq`, through `throughSeq`. */
export interface ExtractionWindow {
  afterSeq: number;
  throughSeq: number;
}

/**
 * The turns a segment's extraction reads: those logged after the last earlier pause an extraction
 * followed, or after the last quiet-time extraction before this pause, whichever is later, up to this
 * pause. Null when the pause itself is not recorded (nothing to bound the window by).
 */
export function segmentWindow(
  segment: number,
  pauses: readonly RecordedPause[],
  quietThroughSeq: number | null,
): ExtractionWindow | null {
  const pause = pauses.find((p) => p.segment === segment);
  if (!pause) return null;
  const followedBefore = pauses
    .filter((p) => p.segment < segment && extractionFollows(p.settled))
    .map((p) => p.pausedSeq);
  const quiet = quietThroughSeq !== null && quietThroughSeq < pause.pausedSeq ? quietThroughSeq : 0;
  return { afterSeq: Math.max(0, quiet, ...followedBefore), throughSeq: pause.pausedSeq };
}
