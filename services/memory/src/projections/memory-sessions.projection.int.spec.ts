import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import {
  buildEvent,
  DependencyError,
  type EventType,
  type PayloadInput,
  type StoredEventOf,
} from '@mnemo/contracts';
import { EventContext, type EventLog } from '@mnemo/eventing';
import { applyEvents } from '@mnemo/persistence';
import type { FactExtractionService } from '../extraction/fact-extraction.service';
import { SegmentCompactedReactor } from '../reactors/segment-compacted.reactor';
import { memorySessionsProjection } from './memory-sessions.projection';
import { Scratch } from '../../../../tests/support/scratch';
import { firstItems } from '@mnemo/testing';

const stored = <T extends EventType>(
  seq: number,
  accountId: string,
  type: T,
  payload: PayloadInput<T>,
): StoredEventOf<T> => ({
  seq,
  event: buildEvent<T>({
    id: randomUUID(),
    type,
    accountId,
    sessionId: 's-1',
    occurredAt: '2026-11-29T10:00:00.000Z',
    producer: 'spec',
    payload,
  }),
});

/**
 * Two memory instances share this projection's consumer and commit their batches side by side, so the
 * batch with a segment's outcome can land before the batch with its pause (the fault suite saw it after a
 * NATS restart). Whatever the order, the row must be the one a replay writes in log order, and the reactor
 * that extracts once an outcome is logged waits for the pause: the checkpoint is the highest batch committed,
 * so after one instance is killed mid-batch the outcome can reach it while the pause waits for redelivery
 * (the fault suite lost an extraction that way).
 */
describe('memory-sessions: a segment pause and its outcome, in either order', () => {
  const scratch = new Scratch('memsess');
  let db: DataSource;
  beforeAll(async () => {
    db = await scratch.db(memorySessionsProjection.migrations);
  });
  afterAll(() => scratch.drop());

  const pauseRow = async (accountId: string) =>
    db.query(
      `SELECT segment, paused_at, paused_seq, settled, settled_seq, last_seq FROM segment_pauses WHERE account_id = $1`,
      [accountId],
    );

  it('ends in the same row when the outcome is applied before its pause', async () => {
    const events = (accountId: string) => [
      stored(10, accountId, 'SegmentPaused', { segment: 1 }),
      stored(12, accountId, 'SegmentCompacted', {
        segment: 1,
        summary: 'x',
        inputTokens: 1,
        outputTokens: 1,
        model: 'm',
      }),
    ];
    const [inOrder, reversed] = ['a-in-order', 'a-reversed'];
    await applyEvents(db.manager, memorySessionsProjection, events(inOrder));
    const [pause, outcome] = firstItems(events(reversed), 2);
    await applyEvents(db.manager, memorySessionsProjection, [outcome]);
    await applyEvents(db.manager, memorySessionsProjection, [pause]);
    expect(await pauseRow(reversed)).toEqual(await pauseRow(inOrder));
    expect(await pauseRow(inOrder)).toEqual([
      expect.objectContaining({ paused_seq: '10', settled: 'SegmentCompacted', settled_seq: '12' }),
    ]);
  });

  it('makes the extraction wait for a pause not projected yet, as a dependency, and extract nothing meanwhile', async () => {
    const accountId = 'a-pause-pending';
    const outcome = stored(12, accountId, 'SegmentCompacted', {
      segment: 1,
      summary: 'x',
      inputTokens: 1,
      outputTokens: 1,
      model: 'm',
    });
    // another instance's later batch: the outcome projected and the checkpoint past it, the pause (seq 10) not yet
    await applyEvents(db.manager, memorySessionsProjection, [outcome]);
    const extract = jest.fn();
    const reactor = new SegmentCompactedReactor({} as EventLog, db, {
      extract,
    } as unknown as FactExtractionService);
    const waiting = reactor.onSegmentCompacted(outcome.event, new EventContext([outcome]));
    await expect(waiting).rejects.toBeInstanceOf(DependencyError);
    await expect(waiting).rejects.toThrow(
      /pause of segment 1 of session "s-1" is not projected yet/,
    );
    expect(extract).not.toHaveBeenCalled();
  });

  it("gives a batch's turns, touched per session at once, the rows applying them one by one gives", async () => {
    const session = <T extends EventType>(
      event: StoredEventOf<T>,
      sessionId: string,
      occurredAt: string,
    ): StoredEventOf<T> => ({
      ...event,
      event: { ...event.event, sessionId, occurredAt },
    });
    const events = (accountId: string) => [
      session(
        stored(20, accountId, 'TurnRecorded', { seq: 1, role: 'user', text: 'a' }),
        's-1',
        '2026-11-29T10:00:05.000Z',
      ),
      session(
        stored(21, accountId, 'TurnRecorded', { seq: 1, role: 'user', text: 'b' }),
        's-2',
        '2026-11-29T10:00:01.000Z',
      ),
      session(
        stored(22, accountId, 'SegmentPaused', { segment: 1 }),
        's-1',
        '2026-11-29T10:00:06.000Z',
      ),
      // an older time on a later turn: the newest time and the newest sequence are each kept
      session(
        stored(23, accountId, 'TurnRecorded', { seq: 2, role: 'assistant', text: 'c' }),
        's-1',
        '2026-11-29T10:00:02.000Z',
      ),
      session(
        stored(24, accountId, 'TurnRecorded', { seq: 2, role: 'user', text: 'd' }),
        's-2',
        '2026-11-29T10:00:09.000Z',
      ),
    ];
    const activity = (accountId: string) =>
      db.query(
        `SELECT session_id, last_turn_seq, last_turn_at, last_pause_at, read_through_seq, last_seq
         FROM session_activity WHERE account_id = $1 ORDER BY session_id`,
        [accountId],
      );
    for (const event of events('a-one-by-one'))
      await memorySessionsProjection.apply(db.manager, event);
    await memorySessionsProjection.applyMany!(db.manager, events('a-batch').slice(0, 4));
    await memorySessionsProjection.applyMany!(db.manager, events('a-batch').slice(4));
    expect(await activity('a-batch')).toEqual(await activity('a-one-by-one'));
    expect(await activity('a-batch')).toEqual([
      expect.objectContaining({
        session_id: 's-1',
        last_turn_seq: '23',
        read_through_seq: '22',
        last_seq: '23',
      }),
      expect.objectContaining({ session_id: 's-2', last_turn_seq: '24', last_seq: '24' }),
    ]);
  });
});
