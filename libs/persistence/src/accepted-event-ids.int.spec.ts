import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { EventEnvelope, StoredEvent } from '@mnemo/contracts';
import { IdempotentEventLog, JetStreamEventLog } from '@mnemo/eventing';
import {
  compactAcceptedEventIds,
  PgAcceptedEventIds,
  recordSequencesSql,
} from './accepted-event-ids';
import { eventually, TEST_NATS_URL } from '../../../tests/support/servers';
import { Scratch } from '../../../tests/support/scratch';
import { firstItems } from '@mnemo/testing';

/** JetStream forgets a message id after this window; the accepted-id record must not. */
const WINDOW_MS = 2_000;

const anEvent = (payload: unknown = {}): EventEnvelope => ({
  id: randomUUID(),
  type: 'TurnRecorded',
  version: 2,
  accountId: 'acct',
  sessionId: 's-1',
  occurredAt: '2026-11-29T10:00:00.000Z',
  producer: 'test',
  payload,
});

describe('the accepted-id record: an event id accepted once is a duplicate for good', () => {
  const scratch = new Scratch('ids');
  let store: JetStreamEventLog;
  let pool: DataSource;
  /** Two gateway instances: a log and a database pool each, over one stream and one table. */
  let one: IdempotentEventLog;
  let two: IdempotentEventLog;

  const stored = async (id: string): Promise<StoredEvent[]> => {
    const found: StoredEvent[] = [];
    for await (const batch of store.read('raw', 1))
      found.push(...batch.filter((s) => s.event.id === id));
    return found;
  };

  beforeAll(async () => {
    store = await scratch.log({ duplicateWindowMs: WINDOW_MS });
    pool = await scratch.db([], 4);
    one = new IdempotentEventLog(store, new PgAcceptedEventIds(pool));
    two = new IdempotentEventLog(store, new PgAcceptedEventIds(await scratch.db([], 4)));
  });

  afterAll(() => scratch.drop());

  it("answers a resend after the log's duplicate window as a duplicate with the first sequence, and stores it once", async () => {
    const event = anEvent({ n: 1 });
    const probe = anEvent({ probe: true });
    const first = await one.append('raw', event);
    // The probe goes straight to JetStream at the same moment: once JetStream stores it again, its window is over.
    const probeFirst = await store.append('raw', probe);
    expect([first.duplicate, probeFirst.duplicate]).toEqual([false, false]);
    await eventually(
      () => store.append('raw', probe),
      (result) => !result.duplicate,
      WINDOW_MS * 10,
    );

    await expect(one.append('raw', { ...event, payload: { n: 2 } })).resolves.toEqual({
      seq: first.seq,
      duplicate: true,
    });
    await expect(two.appendMany('raw', [anEvent(), event])).resolves.toEqual([
      expect.objectContaining({ duplicate: false }),
      { seq: first.seq, duplicate: true },
    ]);
    expect(await stored(event.id)).toEqual([{ seq: first.seq, event }]);
    expect(await stored(probe.id)).toHaveLength(2);
  });

  it('lets exactly one of many concurrent appends of one id, over two instances, through', async () => {
    const event = anEvent();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).append('raw', event)),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const [winner] = firstItems(
      results.filter((r) => !r.duplicate),
      1,
    );
    expect(results.every((r) => r.seq === winner.seq)).toBe(true);
    expect((await stored(event.id)).map((s) => s.seq)).toEqual([winner.seq]);
  });

  it('keeps the first of one id twice in a batch, and records nothing for an append the log refused', async () => {
    const event = anEvent();
    const [a, b] = firstItems(await one.appendMany('raw', [event, event]), 2);
    expect([a.duplicate, b]).toEqual([false, { seq: a.seq, duplicate: true }]);

    // A log whose streams do not exist refuses the append: the id must stay free for the retry.
    const missing = await JetStreamEventLog.connect({
      servers: TEST_NATS_URL,
      streamPrefix: `${scratch.name.toUpperCase()}_GONE`,
      subjectPrefix: `${scratch.name}_gone`,
    });
    try {
      const refused = new IdempotentEventLog(missing, new PgAcceptedEventIds(pool));
      const lost = anEvent();
      await expect(refused.append('raw', lost)).rejects.toThrow();
      await expect(one.append('raw', lost)).resolves.toMatchObject({ duplicate: false });
      expect(await stored(lost.id)).toHaveLength(1);
    } finally {
      await missing.close();
    }
  });

  it("stores an account's event whose id another account sent first, and answers each account's resend as its own duplicate", async () => {
    const mine = { ...anEvent({ by: 'a' }), accountId: 'acct-a' };
    const squatter = { ...mine, accountId: 'acct-b', payload: { by: 'b' } };
    const taken = await one.append('raw', squatter);
    const stored = await two.append('raw', mine);
    expect(stored.duplicate).toBe(false);
    expect(stored.seq).not.toBe(taken.seq);
    await expect(one.append('raw', mine)).resolves.toEqual({ seq: stored.seq, duplicate: true });
    await expect(two.append('raw', squatter)).resolves.toEqual({
      seq: taken.seq,
      duplicate: true,
    });
    const raw: StoredEvent[] = [];
    for await (const batch of store.read('raw', 1))
      raw.push(...batch.filter((s) => s.event.id === mine.id));
    expect(raw.map((s) => s.event.accountId).sort()).toEqual(['acct-a', 'acct-b']);
  });

  it('answers a resend of an id recorded before ids had an account as a duplicate, for any account', async () => {
    const event = anEvent();
    await pool.query(
      `INSERT INTO accepted_event_ids (stream, event_id, seq) VALUES ('raw', $1, 77)`,
      [event.id],
    );
    // a new instance: it looks for rows from before once, when it starts
    const upgraded = new IdempotentEventLog(store, new PgAcceptedEventIds(await scratch.db([], 2)));
    await expect(upgraded.append('raw', event)).resolves.toEqual({ seq: 77, duplicate: true });
    await expect(upgraded.append('raw', { ...event, accountId: 'other' })).resolves.toEqual({
      seq: 77,
      duplicate: true,
    });
    expect(await stored(event.id)).toEqual([]);
  });

  describe('compacted by age past the duplicate window', () => {
    const HOUR = 3_600_000;
    /** The record keeps this much past an id's acceptance; the log's own window is shorter. */
    const RETAIN = 3 * HOUR;
    let now: Date;
    let clocked: IdempotentEventLog;
    beforeAll(() => {
      now = new Date('2026-12-01T00:00:00.000Z');
      clocked = new IdempotentEventLog(store, new PgAcceptedEventIds(pool, { clock: () => now }));
    });
    const later = (ms: number) => {
      now = new Date(now.getTime() + ms);
    };
    const compact = () => compactAcceptedEventIds(pool, new Date(now.getTime() - RETAIN));
    const recorded = async (table: 'accepted_event_ids' | 'event_keys', ids: string[]) =>
      (
        await pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE event_id = ANY($1)`, [ids])
      )[0].n as number;
    const telemetry = (): EventEnvelope => ({
      ...anEvent({ name: 'context', action: 'built' }),
      type: 'FeatureEventRecorded',
    });

    it('answers a resend of an id whose record was compacted as a duplicate, at the gateway and in redaction, for its own account only', async () => {
      const event = anEvent({ n: 1 });
      const build = telemetry();
      const probe = anEvent({ probe: true });
      await store.append('events', probe);
      await expect(clocked.append('raw', event)).resolves.toMatchObject({ duplicate: false });
      // the redaction step stores the event's twin, with its id, in the durable log
      const storedTwin = await clocked.append('events', event);
      await clocked.append('events', build);
      later(2 * RETAIN);
      expect(await compact()).toBeGreaterThanOrEqual(3);
      await expect(recorded('accepted_event_ids', [event.id, build.id])).resolves.toBe(0);
      // and JetStream's own window is over too (the probe is stored again): only the durable key answers
      await eventually(
        () => store.append('events', probe),
        (result) => !result.duplicate,
        WINDOW_MS * 10,
      );

      await expect(clocked.append('raw', { ...event, payload: { n: 2 } })).resolves.toEqual({
        seq: storedTwin.seq,
        duplicate: true,
      });
      await expect(clocked.append('events', event)).resolves.toEqual({
        seq: storedTwin.seq,
        duplicate: true,
      });
      await expect(recorded('accepted_event_ids', [event.id])).resolves.toBe(0);
      expect((await stored(event.id)).map((s) => s.seq)).toHaveLength(1);
      // another account's event with that id is its own
      await expect(
        clocked.append('raw', { ...event, accountId: 'acct-other' }),
      ).resolves.toMatchObject({ duplicate: false });
      // telemetry is remembered for the window only: no durable key
      await expect(recorded('event_keys', [build.id])).resolves.toBe(0);
      await expect(recorded('event_keys', [event.id])).resolves.toBe(1);
    });

    it('keeps the record to the ids of the last hours as time passes, while the durable keys grow with the stored events only', async () => {
      const ids: string[] = [];
      const counts: number[] = [];
      for (let hour = 0; hour < 12; hour += 1) {
        const events = [
          ...Array.from({ length: 10 }, () => anEvent({ hour })),
          ...Array.from({ length: 10 }, telemetry),
        ];
        ids.push(...events.map((e) => e.id));
        await clocked.appendMany('events', events);
        later(HOUR);
        await compact();
        counts.push(await recorded('accepted_event_ids', ids));
      }
      // 20 ids an hour, kept three hours: never more than the last four hours' worth
      expect(Math.max(...counts)).toBeLessThanOrEqual(80);
      expect(counts.slice(4)).toEqual(Array(8).fill(counts[4]));
      await expect(recorded('event_keys', ids)).resolves.toBe(120);
    });
  });

  it("gives claimed ids their sequences by key, never by a scan of the stream's ids, even on a table whose statistics are stale", async () => {
    // A fresh table filled faster than autovacuum analyzes it: what a new deployment or a replay has.
    await pool.query(
      `INSERT INTO accepted_event_ids (stream, account_id, event_id, seq) SELECT 'events', 'acct', gen_random_uuid()::text, n FROM generate_series(1, 20000) AS n`,
    );
    const keys = Array.from({ length: 500 }, () => ({ accountId: 'acct', id: randomUUID() }));
    const rows: Array<{ 'QUERY PLAN': string }> = await pool.query(
      `EXPLAIN ${recordSequencesSql(
        'events',
        keys,
        keys.map((_, i) => i + 1),
      )}`,
    );
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('Conflict Arbiter Indexes');
    expect(plan).not.toMatch(/Scan[^\n]* on accepted_event_ids/);
  });
});
