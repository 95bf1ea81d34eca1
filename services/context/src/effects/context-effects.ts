import { createHash, randomUUID } from 'node:crypto';
import { buildEvent, reactionId, type EventEnvelope, type PayloadOf } from '@mnemo/contracts';
import type { EventLog, Logger } from '@mnemo/eventing';
import type { Cache } from '@mnemo/persistence';

/** How often the same set of memories is stamped as used: last_used_at is an hour-grained signal. */
export const USED_STAMP_INTERVAL_MS = 60 * 60 * 1000;

const envelope = <T extends 'FeatureEventRecorded' | 'MemoryFactUsed' | 'ProposalOffered'>(
  type: T,
  accountId: string,
  payload: PayloadOf<T>,
  sessionId?: string,
  id: string = randomUUID(),
): EventEnvelope<T, PayloadOf<T>> =>
  buildEvent<T>({
    type,
    id,
    accountId,
    sessionId,
    occurredAt: new Date(),
    producer: 'context',
    payload,
  });

/**
 * Telemetry (docs/costs.md): one FeatureEventRecorded per build, queryable like any event (appended
 * by TelemetryBatcher).
 */
export function telemetryEvent(
  accountId: string,
  action: string,
  metadata: Record<string, unknown>,
  sessionId?: string,
): EventEnvelope {
  return envelope(
    'FeatureEventRecorded',
    accountId,
    { name: 'context', action, metadata },
    sessionId,
  );
}

/**
 * Reading a memory into a context (docs/context.md) stamps last_used_at (MemoryFactUsed), never
 * updated_at. A served set is stamped at most once per interval, so a busy cache does not flood the
 * log.
 */
export async function stampMemoriesUsed(
  deps: { log: EventLog; cache: Cache },
  accountId: string,
  ids: readonly string[],
): Promise<boolean> {
  if (ids.length === 0) return false;
  const digest = createHash('sha256')
    .update([...ids].sort().join('\n'))
    .digest('base64url')
    .slice(0, 22);
  const token = await deps.cache.tryLock(`ctx:used:${accountId}:${digest}`, USED_STAMP_INTERVAL_MS);
  if (token === null) return false;
  await deps.log.append(
    'events',
    envelope('MemoryFactUsed', accountId, {
      factIds: ids.slice(0, 500),
      usedAt: new Date().toISOString(),
    }),
  );
  return true;
}

/**
 * A waiting proposal is offered once (docs/context.md). The id is derived from the proposal, so a
 * block built twice before the first offer is projected appends one event, and the fold ignores a
 * second offer anyway.
 */
export async function recordProposalsOffered(
  log: EventLog,
  accountId: string,
  proposalIds: readonly string[],
): Promise<void> {
  if (proposalIds.length === 0) return;
  await log.appendMany(
    'events',
    proposalIds.map((proposalId) =>
      envelope(
        'ProposalOffered',
        accountId,
        { proposalId },
        undefined,
        reactionId(`${accountId}:${proposalId}`, 'context:proposal-offered'),
      ),
    ),
  );
}

/** Side effects never fail a served context: a failure is logged and what was lost is named. */
export function afterServing(logger: Logger, what: string, effect: Promise<unknown>): void {
  effect.catch((error) =>
    logger.warn(
      { effect: what, err: String((error as Error)?.message ?? error) },
      'context side effect lost',
    ),
  );
}
