import { eventPayloads } from '@mnemo/contracts';
import {
  CONTEXT_SOURCES_VERSION_KEEPERS,
  contextSourcesProjection,
} from './context-sources.projection';
import { CONTEXT_VERSION_KEEPERS, contextProjection } from './context.projection';
import {
  CONTEXT_LIFE_INVENTORY_VERSION_KEEPERS,
  contextLifeInventoryProjection,
} from './context-life-inventory.projection';

/**
 * The event types the context projections do not read, each with why nothing the context serves
 * depends on it. A new event type in the contracts fails this spec until it is read (and then moves
 * the context version) or named here, so no new source event can leave a cached context stale unnoticed.
 */
const NOT_READ: Record<string, string> = {
  SessionEnded: 'the context reads a session for its source only',
  TurnRecorded: 'turns are not a context source; the summaries made of them are (SegmentCompacted)',
  SegmentPaused: 'a pause is not a source; its summary arrives as SegmentCompacted',
  SessionOutcomeRecorded: 'session outcomes are served by ingest, not put in a context',
  TranscriptIngestRunCompleted: 'bookkeeping of the transcript ingest loop',
  TranscriptIngestRunFailed: 'bookkeeping of the transcript ingest loop',
  AccountCreated: 'an account starts with an empty context either way',
  LogTemplateSeen:
    'log facts are served by the logs service (GET /v1/log-facts), not put in a context yet',
  LogFactsUpdated:
    'log facts are served by the logs service (GET /v1/log-facts), not put in a context yet',
  SymbolSnapshotRecorded:
    'symbol snapshots are served by the code service (drift_since), not put in a context yet',
  CompactionFailed: 'settles a pause; no summary is written',
  CompactionSkipped: 'settles a pause; no summary is written',
  MemoryFactUsed:
    'stamps last_used_at, which no context shows; reading it would let every served context invalidate itself',
  SessionQuietExtracted:
    "marks a session's quiet-time extraction; the facts it found arrive as MemoryFactExtracted",
  LlmCallSettled: 'cost accounting',
  SkillCandidateProposed:
    'skill candidates are served by recall (GET /v1/skills/candidates), not put in a context',
  SkillCandidateEdited:
    'skill candidates are served by recall (GET /v1/skills/candidates), not put in a context',
  SkillCandidateAccepted:
    'skill candidates are served by recall (GET /v1/skills/candidates), not put in a context',
  RefactorPlanRecorded:
    'refactor plans are served by recall (GET /v1/refactor-plans, prior_work), not put in a context',
  RefactorPlanUpdated:
    'refactor plans are served by recall (GET /v1/refactor-plans, prior_work), not put in a context',
  SkillCandidateDismissed:
    'skill candidates are served by recall (GET /v1/skills/candidates), not put in a context',
  FeatureEventRecorded:
    'telemetry (the context writes it; reading it would let every build invalidate itself)',
  CostCapSet: 'cost accounting',
  LlmKeyAdded: 'provider keys are never part of a context',
  LlmKeyActivated: 'provider keys are never part of a context',
  ProfileRegenerationBlocked: 'the profile a context serves arrives as CoreProfileSynthesized',
  ProfileRefreshRequested: 'the profile a context serves arrives as CoreProfileSynthesized',
  InventoryTakeStarted: 'the summary reads completed takes only; a take in progress is not in it',
  InventoryItemRated:
    "the summary reads a completed take's scores, which its InventoryTakeCompleted carries",
  DecisionRecorded: 'recall data, not served in a context yet',
  SessionLessonsRecorded: 'recall data (served with prior work by recall), not in a context yet',
  NodeVisited: 'recall data, not served in a context yet',
};

const projections = [
  { projection: contextProjection, keepers: CONTEXT_VERSION_KEEPERS },
  { projection: contextSourcesProjection, keepers: CONTEXT_SOURCES_VERSION_KEEPERS },
  { projection: contextLifeInventoryProjection, keepers: CONTEXT_LIFE_INVENTORY_VERSION_KEEPERS },
];
const read: string[] = projections.flatMap(({ projection }) => [...projection.handles]);

describe('the context projections and the context version', () => {
  it('read every event type of the contracts, or name why nothing the context serves depends on it', () => {
    const unclassified = Object.keys(eventPayloads).filter(
      (type) => !read.includes(type) && !Object.hasOwn(NOT_READ, type),
    );
    expect(unclassified).toEqual([]);
  });

  it('name as not read only event types that exist and that no context projection reads', () => {
    for (const type of Object.keys(NOT_READ)) {
      expect({
        type,
        known: Object.hasOwn(eventPayloads, type),
        read: read.includes(type),
      }).toEqual({ type, known: true, read: false });
    }
  });

  it('read each event type in one projection only, so one transaction covers its rows and its version move', () => {
    expect(new Set(read).size).toBe(read.length);
  });

  it.each(
    projections.map(({ projection, keepers }) => [projection.name, projection, keepers] as const),
  )(
    '%s: names as keeping the version only event types it reads, each with why',
    (_name, projection, keepers) => {
      for (const [type, why] of Object.entries(keepers)) {
        expect({ type, read: projection.handles.some((handled) => handled === type) }).toEqual({
          type,
          read: true,
        });
        expect(why.length).toBeGreaterThan(20);
      }
    },
  );
});
