import type { StoredEventOf } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { redact } from '@mnemo/redaction';
import { ContextSources1764400007200 } from './context-sources.migration';
import { versionedProjection, type VersionKeepers } from './context-versions.writes';
import { ContextDaySeries1765300000200 } from './context-day-series.migration';
import {
  applyMeasurement,
  applyPlanEvent,
  applyProposalEvent,
  applyReminderSet,
  editFact,
  insertFact,
  retireFact,
} from './memory-sources.writes';

const HANDLES = [
  'MemoryFactExtracted',
  'MemoryFactCreated',
  'MemoryFactEdited',
  'MemoryFactDeleted',
  'FactSuperseded',
  'MemoryFactProposed',
  'ProposalOffered',
  'ProposalConfirmed',
  'ProposalRejected',
  'ProposalLapsed',
  'PlanProposed',
  'PlanActivated',
  'PlanCheckedIn',
  'PlanClosed',
  'MeasurementRecorded',
  'ReminderSet',
  'SessionStarted',
  'SegmentCompacted',
] as const;
type Handled = (typeof HANDLES)[number];

/** The events it reads that change nothing a loader reads, with why; every other one moves the version. */
export const CONTEXT_SOURCES_VERSION_KEEPERS: VersionKeepers = {
  // None: a waiting proposal is offered in the memory block (docs/context.md), so every proposal
  // event moves it.
};

/**
 * The context's copies of the other services' data it serves: memories, plans, reminders and the
 * day series measured plans read (memory's events), session sources (ingest's), the latest compaction summaries (compaction's).
 * Built from the events, never from those services' tables, and moving the context version in the
 * same transaction as the rows (context-versions.writes.ts): the cache's validity follows from
 * the context's own projections alone. A projection of its own, so a new deployment builds it from
 * the whole log on its first start. A projection rather than a request to memory over NATS: the
 * version must move in the transaction that changes the data it covers, and a warm cache hit must not
 * gain a round trip.
 */
export const contextSourcesProjection: Projection<Handled> = versionedProjection({
  name: 'context-sources',
  handles: HANDLES,
  tables: [
    'context_memory_facts',
    'context_fact_proposals',
    'context_plans',
    'context_plan_checkins',
    'context_reminders',
    'context_sessions',
    'context_summaries',
    'context_measurement_samples',
    'context_measurement_days',
  ],
  migrations: [ContextSources1764400007200, ContextDaySeries1765300000200],
  applyOne: applySource,
  keepers: CONTEXT_SOURCES_VERSION_KEEPERS,
});

async function applySource(sql: Sql, stored: StoredEventOf<Handled>): Promise<void> {
  const { event, seq } = stored;
  switch (event.type) {
    case 'MemoryFactExtracted':
    case 'MemoryFactCreated':
      return insertFact(sql, { event, seq });
    case 'MemoryFactEdited':
      return editFact(sql, { event, seq });
    case 'MemoryFactDeleted':
      return retireFact(sql, { event, seq }, 'deleted');
    case 'FactSuperseded':
      return retireFact(sql, { event, seq }, 'superseded');
    case 'MemoryFactProposed':
    case 'ProposalOffered':
    case 'ProposalConfirmed':
    case 'ProposalRejected':
    case 'ProposalLapsed':
      return applyProposalEvent(sql, { event, seq });
    case 'PlanProposed':
    case 'PlanActivated':
    case 'PlanCheckedIn':
    case 'PlanClosed':
      return applyPlanEvent(sql, { event, seq });
    case 'MeasurementRecorded':
      return applyMeasurement(sql, { event, seq });
    case 'ReminderSet':
      return applyReminderSet(sql, { event, seq });
    case 'SessionStarted': {
      // Redacted on the way in, as the sessions read model does; a restart of the session restates it.
      if (!event.sessionId) return;
      const p = event.payload;
      await sql.query(
        `INSERT INTO context_sessions (account_id, id, source, last_seq) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id, id) DO UPDATE SET source = EXCLUDED.source, last_seq = EXCLUDED.last_seq
         WHERE context_sessions.last_seq < EXCLUDED.last_seq`,
        [event.accountId, event.sessionId, redact(p.source).text, seq],
      );
      return;
    }
    case 'SegmentCompacted': {
      if (!event.sessionId) return;
      const p = event.payload;
      await sql.query(
        `INSERT INTO context_summaries (account_id, session_id, segment, summary, last_seq) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (account_id, session_id, segment) DO UPDATE SET summary = EXCLUDED.summary, last_seq = EXCLUDED.last_seq
         WHERE context_summaries.last_seq < EXCLUDED.last_seq`,
        [event.accountId, event.sessionId, p.segment, p.summary, seq],
      );
      return;
    }
    default: {
      const _never: never = event;
      return _never;
    }
  }
}
