import type { StoredEventOf } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { recordArtifactSave, settleArtifactExtraction } from './memory-artifacts.projection';
import { MemoryArtifacts1764400005200 } from './memory-artifacts.migration';
import {
  deleteFact,
  editFact,
  insertFact,
  markFactsUsed,
  supersedeFact,
} from './memory-facts.projection';
import { MemoryProvenance1764400005400 } from './memory-provenance.migration';
import { MemoryConfirmed1764400005700 } from './memory-confirmed.migration';
import { applyProposalEvent } from './memory-proposals.projection';
import { Memory1764400005100 } from './memory.migration';
import { applyPlanEvent, applyReminderSet, refreshMeasuredPlans } from './plans.projection';
import { PlanProgress1764400005300 } from './plan-progress.migration';
import { applyMeasurement } from './day-series.projection';
import { DaySeries1765300000100 } from './day-series.migration';
import { PlanAnswers1765300000300 } from './plan-answers.migration';

const HANDLES = [
  'MemoryFactExtracted',
  'MemoryFactCreated',
  'MemoryFactEdited',
  'FactSuperseded',
  'MemoryFactDeleted',
  'MemoryFactUsed',
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
  'ArtifactSaved',
  'FeatureEventRecorded',
] as const;
type Handled = (typeof HANDLES)[number];

/**
 * The memory read models under one checkpoint, so the API's read-your-writes wait
 * (`waitForCheckpoint(…, 'memory', seq)`) covers facts, proposals and plans alike.
 * Every timestamp comes from the event; nothing here reads a clock.
 */
export const memoryProjection: Projection<Handled> = {
  name: 'memory',
  handles: HANDLES,
  tables: [
    'memory_facts',
    'memory_proposals',
    'memory_changes',
    'plans',
    'plan_checkins',
    'reminders',
    'artifact_extractions',
    'measurement_samples',
    'measurement_days',
  ],
  migrations: [
    Memory1764400005100,
    MemoryArtifacts1764400005200,
    PlanProgress1764400005300,
    MemoryProvenance1764400005400,
    MemoryConfirmed1764400005700,
    DaySeries1765300000100,
    PlanAnswers1765300000300,
  ],

  async apply(sql: Sql, stored: StoredEventOf<Handled>): Promise<void> {
    await applyOne(sql, stored);
    await journalChanges(sql, stored);
  },
};

async function applyOne(sql: Sql, stored: StoredEventOf<Handled>): Promise<void> {
  const { event, seq } = stored;
  switch (event.type) {
    case 'MemoryFactExtracted':
      return insertFact(sql, { event, seq }, 'extracted');
    case 'MemoryFactCreated':
      return insertFact(sql, { event, seq }, 'created');
    case 'MemoryFactEdited':
      return editFact(sql, { event, seq });
    case 'FactSuperseded':
      return supersedeFact(sql, { event, seq });
    case 'MemoryFactDeleted':
      return deleteFact(sql, { event, seq });
    case 'MemoryFactUsed':
      return markFactsUsed(sql, { event, seq });
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
    case 'MeasurementRecorded': {
      const { metric, unit } = event.payload;
      if (await applyMeasurement(sql, { event, seq }))
        await refreshMeasuredPlans(sql, event.accountId, metric, unit);
      return;
    }
    case 'ReminderSet':
      return applyReminderSet(sql, { event, seq });
    case 'ArtifactSaved':
      return recordArtifactSave(sql, { event, seq });
    case 'FeatureEventRecorded':
      return settleArtifactExtraction(sql, { event, seq });
    default: {
      const _never: never = event;
      return _never;
    }
  }
}

/** The events that change a memory or a proposal: the ones the Explorer's stream reports. */
const JOURNALED = new Set<string>(
  HANDLES.filter(
    (type) =>
      type.startsWith('MemoryFact') || type.startsWith('Proposal') || type === 'FactSuperseded',
  ),
);

/**
 * Journals what this event changed: the rows it wrote carry its sequence. A redelivered or
 * superseded event wrote nothing, so it journals nothing.
 */
async function journalChanges(sql: Sql, stored: StoredEventOf<Handled>): Promise<void> {
  const { event, seq } = stored;
  if (!JOURNALED.has(event.type)) return;
  await sql.query(
    `INSERT INTO memory_changes (account_id, seq, kind, ref_id, change, version)
     SELECT account_id, last_seq, 'memory', id, last_change, version FROM memory_facts WHERE account_id = $1 AND last_seq = $2
     UNION ALL
     SELECT account_id, last_seq, 'proposal', id, 'proposal_' || CASE WHEN status = 'pending' AND offered_at IS NOT NULL THEN 'offered' ELSE status END, NULL
       FROM memory_proposals WHERE account_id = $1 AND last_seq = $2
     ON CONFLICT DO NOTHING`,
    [event.accountId, seq],
  );
}
