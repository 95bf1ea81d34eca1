import { compactionProjection } from '@mnemo/compaction-service';
import { sessionsProjection } from '@mnemo/ingest-service';
import { memoryProjection } from '@mnemo/memory-service';
import { FOREIGN_SOURCE_PROJECTIONS } from '../handlers/context-version';
import { contextProjection } from './context.projection';

/**
 * The events of a foreign read model that change none of the columns the source loaders read
 * (source-loaders.ts), each with why. Everything else such a projection handles must move the
 * context version, or a cached context would outlive the change.
 */
const LEFT_OUT: Record<string, string> = {
  MemoryFactUsed: 'stamps last_used_at only; counting it would let every served context invalidate itself',
  ProposalOffered: 'marks a pending proposal offered; no loader reads memory_proposals',
  FeatureEventRecorded: 'settles an artifact extraction in the memory read model; no loader reads it',
  SessionEnded: 'no loader reads a session past its source',
  TurnRecorded: 'turns are not a context source; the summaries made of them are (SegmentCompacted)',
  SegmentPaused: 'writes segment_pauses, which no loader reads',
  CompactionSkipped: 'settles a pause; no summary is written',
  CompactionFailed: 'settles a pause; no summary is written',
  SessionQuietExtracted: 'writes quiet_extractions, which no loader reads',
};

describe('contextProjection: the context version', () => {
  const foreign = { memory: memoryProjection, sessions: sessionsProjection, compaction: compactionProjection };

  it('is judged against exactly the projections named here', () => {
    expect(Object.values(foreign).map((p) => p.name).sort()).toEqual([...FOREIGN_SOURCE_PROJECTIONS].sort());
  });

  it.each(Object.entries(foreign))('moves on every %s event that can change what the assembler reads', (_name, projection) => {
    const uncounted = projection.handles.filter((type) => !contextProjection.handles.includes(type) && !(type in LEFT_OUT));
    expect(uncounted).toEqual([]);
  });

  it('does not move on an event it deliberately leaves out', () => {
    for (const type of Object.keys(LEFT_OUT)) expect(contextProjection.handles).not.toContain(type);
  });
});
