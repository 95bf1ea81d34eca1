import {
  extractionFollows,
  segmentWindow,
  settledAs,
  type RecordedPause,
} from './extraction-window';

describe('extractionFollows', () => {
  it('follows a summary, a failed call and a spent compaction cap; not a missing credential or an empty transcript', () => {
    const follows = (
      type: 'SegmentCompacted' | 'CompactionSkipped' | 'CompactionFailed',
      reason?: string,
    ) => extractionFollows(settledAs(type, { reason }));
    expect(follows('SegmentCompacted')).toBe(true);
    expect(follows('CompactionFailed', 'api_error')).toBe(true);
    expect(follows('CompactionFailed', 'rate_limited')).toBe(true);
    expect(follows('CompactionSkipped', 'cost_cap')).toBe(true);
    expect(follows('CompactionSkipped', 'no_credential')).toBe(false);
    expect(follows('CompactionSkipped', 'empty_transcript')).toBe(false);
  });

  it('does not follow a pause that has not settled yet', () => {
    expect(extractionFollows(null)).toBe(false);
  });
});

describe('segmentWindow', () => {
  const pause = (
    segment: number,
    pausedSeq: number,
    settled: string | null = 'SegmentCompacted',
  ): RecordedPause => ({ segment, pausedSeq, settled });

  it('reads a first segment from the start of the session up to its pause', () => {
    expect(segmentWindow(1, [pause(1, 40)], null)).toEqual({ afterSeq: 0, throughSeq: 40 });
  });

  it('starts after the last earlier pause an extraction followed', () => {
    const pauses = [pause(1, 10), pause(2, 20, 'CompactionFailed'), pause(3, 30)];
    expect(segmentWindow(3, pauses, null)).toEqual({ afterSeq: 20, throughSeq: 30 });
  });

  it('reads through an earlier pause extraction did not follow (no credential, empty transcript, unsettled)', () => {
    const pauses = [
      pause(1, 10),
      pause(2, 20, 'CompactionSkipped:no_credential'),
      pause(3, 25, null),
      pause(4, 30),
    ];
    expect(segmentWindow(4, pauses, null)).toEqual({ afterSeq: 10, throughSeq: 30 });
  });

  it('ignores later pauses', () => {
    expect(segmentWindow(1, [pause(1, 10), pause(2, 20)], null)).toEqual({
      afterSeq: 0,
      throughSeq: 10,
    });
  });

  it('starts after a quiet-time extraction before the pause, but not one after it', () => {
    expect(segmentWindow(2, [pause(1, 10), pause(2, 30)], 22)).toEqual({
      afterSeq: 22,
      throughSeq: 30,
    });
    expect(segmentWindow(2, [pause(1, 10), pause(2, 30)], 35)).toEqual({
      afterSeq: 10,
      throughSeq: 30,
    });
    expect(segmentWindow(2, [pause(1, 25), pause(2, 30)], 22)).toEqual({
      afterSeq: 25,
      throughSeq: 30,
    });
  });

  it('has no window for a pause that is not recorded', () => {
    expect(segmentWindow(2, [pause(1, 10)], null)).toBeNull();
  });
});
