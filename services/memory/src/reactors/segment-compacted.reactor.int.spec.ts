import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { DependencyError, type EventType, type StoredEvent } from '@mnemo/contracts';
import type { EventContext, EventLog } from '@mnemo/eventing';
import { applyEvents, dropSchema, openDataSource } from '@mnemo/persistence';
import type { FactExtractionService } from '../extraction/fact-extraction.service';
import { memorySessionsProjection } from '../projections/memory-sessions.projection';
import { SegmentCompactedReactor } from './segment-compacted.reactor';
import { TEST_DATABASE_URL, uniqueName } from '../../../../tests/support/servers';

const stored = (seq: number, accountId: string, type: EventType, payload: unknown): StoredEvent => ({
  seq,
  event: { id: randomUUID(), type, version: 1, accountId, sessionId: 's-1', occurredAt: '2026-11-29T10:00:00.000Z', producer: 'spec', payload } as never,
});

/**
 * Two memory instances commit this projection's batches side by side, and the checkpoint is the highest one
 * committed: after one instance is killed mid-batch, a segment's outcome can reach the reactor while the
 * batch with its pause waits for redelivery (the fault suite lost an extraction that way). The reactor must
 * wait for the pause, never settle the outcome as nothing to extract.
 */
describe('SegmentCompactedReactor: an outcome whose pause is not projected yet', () => {
  const schema = uniqueName('segcomp').toLowerCase();
  let db: DataSource;
  beforeAll(async () => {
    db = await openDataSource({ url: TEST_DATABASE_URL, schema, poolSize: 2, migrations: memorySessionsProjection.migrations });
  });
  afterAll(async () => {
    await db?.destroy();
    await dropSchema(TEST_DATABASE_URL, schema);
  });

  it('fails as a dependency to wait for, and extracts nothing', async () => {
    const accountId = 'a-pause-pending';
    const outcome = stored(12, accountId, 'SegmentCompacted', { segment: 1, summary: 'x', inputTokens: 1, outputTokens: 1, model: 'm' });
    // another instance's later batch: the outcome projected and the checkpoint past it, the pause (seq 10) not yet
    await applyEvents(db.manager, memorySessionsProjection, [outcome]);
    const extract = jest.fn();
    const reactor = new SegmentCompactedReactor({} as EventLog, db, { extract } as unknown as FactExtractionService);
    const waiting = reactor.onSegmentCompacted(outcome.event, { stored: outcome } as EventContext);
    await expect(waiting).rejects.toBeInstanceOf(DependencyError);
    await expect(waiting).rejects.toThrow(/pause of segment 1 of session "s-1" is not projected yet/);
    expect(extract).not.toHaveBeenCalled();
  });
});
