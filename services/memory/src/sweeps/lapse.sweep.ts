import type { DataSource } from 'typeorm';
import {
  buildEvent,
  deterministicUuid,
  type EventDraft,
  type EventEnvelope,
} from '@mnemo/contracts';
import { startPeriodicTask, type EventLog, type Logger, type Subscription } from '@mnemo/eventing';
import { PROPOSAL_LAPSE_DAYS } from '../domain/extraction-plan';
import { lapsePlans, PLAN_PROPOSAL_LAPSE_DAYS } from '../domain/plans';
import { lapseDue } from '../domain/proposals';
import { proposalFromRow } from '../projections/memory-proposals.projection';
import { planFromRow } from '../projections/plans.projection';

export interface SweepDeps {
  log: EventLog;
  dataSource: DataSource;
}

const DAY_MS = 86_400_000;
export const DEFAULT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Namespace of lapse ids (a fixed v4 UUID, chosen once). */
const LAPSE_NAMESPACE = 'b4f1e8a2-5c3d-4e96-8f07-2d6a9c1b3e54';

/**
 * The same lapse from two instances sweeping at once gets the same event id, so the log's duplicate
 * window stores it once (and the projection ignores a second answer anyway).
 */
function lapseEventId(accountId: string, kind: string, id: string): string {
  return deterministicUuid(LAPSE_NAMESPACE, JSON.stringify([accountId, kind, id]));
}

function envelope<T extends 'ProposalLapsed' | 'PlanClosed'>(
  accountId: string,
  type: T,
  payload: EventDraft<T>['payload'],
  key: string,
  now: Date,
): EventEnvelope {
  return buildEvent<T>({
    id: lapseEventId(accountId, type, key),
    type,
    accountId,
    occurredAt: now,
    producer: 'memory',
    payload,
  });
}

/**
 * Unanswered fact proposals and plan proposals lapse after 14 days. The time is an argument,
 * so a test drives the sweep with any clock; the rules are the domain's `lapseDue` and `lapsePlans`.
 */
export async function sweepLapsed(
  deps: SweepDeps,
  now: Date,
): Promise<{ proposals: number; plans: number }> {
  const proposalRows: Array<Record<string, any>> = await deps.dataSource.query(
    `SELECT * FROM memory_proposals WHERE status = 'pending' AND proposed_at <= $1 ORDER BY proposed_at LIMIT 5000`,
    [new Date(now.getTime() - PROPOSAL_LAPSE_DAYS * DAY_MS).toISOString()],
  );
  const planRows: Array<Record<string, any>> = await deps.dataSource.query(
    `SELECT * FROM plans WHERE status = 'proposed' AND proposed_at <= $1 ORDER BY proposed_at LIMIT 5000`,
    [new Date(now.getTime() - PLAN_PROPOSAL_LAPSE_DAYS * DAY_MS).toISOString()],
  );
  const events: EventEnvelope[] = [];
  for (const row of proposalRows) {
    for (const due of lapseDue([proposalFromRow(row)], now))
      events.push(envelope(row.account_id, 'ProposalLapsed', due, due.proposalId, now));
  }
  for (const row of planRows) {
    for (const closed of lapsePlans([planFromRow(row)], now))
      events.push(envelope(row.account_id, 'PlanClosed', closed, closed.planId, now));
  }
  if (events.length) await deps.log.appendMany('events', events);
  return {
    proposals: events.filter((e) => e.type === 'ProposalLapsed').length,
    plans: events.filter((e) => e.type === 'PlanClosed').length,
  };
}

/** Runs the sweep every `intervalMs` (MNEMO_MEMORY_SWEEP_MS in memory.config.ts), first shortly after start. */
export function startLapseSweep(
  deps: SweepDeps,
  logger: Logger,
  intervalMs = DEFAULT_SWEEP_INTERVAL_MS,
): Subscription {
  return startPeriodicTask({
    name: 'memory lapse sweep',
    intervalMs,
    firstDelayMs: Math.min(intervalMs, 5_000),
    logger,
    run: async () => {
      const lapsed = await sweepLapsed(deps, new Date());
      if (lapsed.proposals || lapsed.plans) logger.info(lapsed, 'memory proposals lapsed');
    },
  });
}
