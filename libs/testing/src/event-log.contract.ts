import { randomUUID } from 'node:crypto';
import {
  rawPartition,
  subjects,
  type EventEnvelope,
  type StoredEvent,
  type StreamKind,
} from '@mnemo/contracts';
import {
  RemoteError,
  type ConsumerSpec,
  type DeadLetter,
  type Delivery,
  type EventLog,
  type Subscription,
} from '@mnemo/eventing';
import { waitFor as waitUntil } from './eventually';
import { firstItems, itemAt } from './item-at';

export interface EventLogFixture {
  log: EventLog;
  cleanup: () => Promise<void>;
}

/** Every name is fresh per test, so the suite can share a real server with other runs. */
const fresh = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 12)}`;

function anEvent(
  accountId: string,
  type: string,
  payload: unknown = {},
  sessionId?: string,
): EventEnvelope {
  return {
    id: randomUUID(),
    type,
    version: 1,
    accountId,
    ...(sessionId ? { sessionId } : {}),
    occurredAt: new Date().toISOString(),
    producer: 'contract-test',
    payload,
  };
}

/** A dead letter of `service`, with what a test cares about set by `over`. */
const aDeadLetter = (service: string, over: Partial<DeadLetter> = {}): DeadLetter => ({
  service,
  stream: 'events',
  seq: 7,
  deliveryCount: 1,
  error: { code: 'internal', message: 'boom' },
  event: anEvent(fresh('acct'), 'Probe'),
  deadAt: new Date().toISOString(),
  ...over,
});

/** Polls until `done` holds, naming first what is awaited (the contract's specs read better so). */
export const waitFor = (
  what: string,
  done: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> => waitUntil(done, timeoutMs, what);

async function readAll(
  log: EventLog,
  stream: StreamKind,
  fromSeq: number,
  batchSize?: number,
): Promise<StoredEvent[][]> {
  const batches: StoredEvent[][] = [];
  for await (const batch of log.read(stream, fromSeq, batchSize)) batches.push(batch);
  return batches;
}

interface Seen {
  id: string;
  seq: number;
  deliveryCount: number;
}

/**
 * The EventLog port's contract: every adapter's spec calls this with a factory for a fresh, connected log.
 * It uses only the port, so it runs unchanged against JetStream and the in-process log. Specs import it
 * through its own door, `@mnemo/testing/event-log-contract`: it calls jest's globals and loads the
 * event log, which the package index does not.
 */
export function describeEventLogContract(
  adapterName: string,
  makeLog: () => Promise<EventLogFixture>,
): void {
  describe(`EventLog contract: ${adapterName}`, () => {
    let log: EventLog;
    let cleanup: () => Promise<void>;
    let subscriptions: Subscription[];

    beforeEach(async () => {
      ({ log, cleanup } = await makeLog());
      subscriptions = [];
      await log.ensureStreams();
    });

    afterEach(async () => {
      for (const subscription of subscriptions) await subscription.stop();
      await cleanup();
    });

    /** Consumes with `decide` settling each delivery; records every delivery it sees. */
    async function consume(
      spec: Partial<ConsumerSpec> & Pick<ConsumerSpec, 'filterSubject'>,
      decide: (d: Delivery) => Promise<void> | void = (d) => d.ack(),
    ) {
      const seen: Seen[] = [];
      const batches: number[] = [];
      const full: ConsumerSpec = {
        stream: 'events',
        durable: fresh('dur'),
        maxDeliver: 5,
        ackWaitMs: 30_000,
        batchSize: 10,
        ...spec,
      };
      const subscription = await log.consume(full, async (deliveries) => {
        batches.push(deliveries.length);
        for (const d of deliveries) {
          seen.push({ id: d.stored.event.id, seq: d.stored.seq, deliveryCount: d.deliveryCount });
          await decide(d);
        }
      });
      subscriptions.push(subscription);
      return { seen, batches, spec: full, subscription };
    }

    const ids = (seen: Seen[]) => seen.map((s) => s.id);

    it('appends events with increasing sequences and reads them back in order', async () => {
      const account = fresh('acct');
      const events = [
        anEvent(account, 'Probe'),
        anEvent(account, 'Probe'),
        anEvent(account, 'Probe'),
      ];
      const many = await log.appendMany('events', events);
      const single = await log.append('events', anEvent(account, 'Probe'));
      const seqs = [...many, single].map((r) => r.seq);
      expect([...many, single].every((r) => !r.duplicate)).toBe(true);
      expect(seqs).toEqual([
        seqs[0],
        itemAt(seqs, 0) + 1,
        itemAt(seqs, 0) + 2,
        itemAt(seqs, 0) + 3,
      ]);
      await expect(log.lastSeq('events')).resolves.toBe(single.seq);

      const batches = await readAll(log, 'events', itemAt(seqs, 0), 2);
      expect(batches.every((b) => b.length <= 2)).toBe(true);
      const mine = batches.flat().filter((s) => s.event.accountId === account);
      expect(mine.map((s) => s.seq)).toEqual(seqs);
      expect(mine.slice(0, 3).map((s) => s.event)).toEqual(events);
    });

    it('stores an event id once and answers a resend with the original sequence', async () => {
      const account = fresh('acct');
      const event = anEvent(account, 'Probe', { n: 1 });
      const first = await log.append('events', event);
      const again = await log.append('events', { ...event, payload: { n: 2 } });
      const [other, inBatch] = firstItems(
        await log.appendMany('events', [anEvent(account, 'Probe'), event]),
        2,
      );
      expect(again).toEqual({ seq: first.seq, duplicate: true });
      expect(inBatch).toEqual({ seq: first.seq, duplicate: true });
      expect(other.duplicate).toBe(false);
      const mine = (await readAll(log, 'events', first.seq))
        .flat()
        .filter((s) => s.event.id === event.id);
      expect(mine).toEqual([{ seq: first.seq, event }]);
    });

    it('reads from a middle sequence to the end', async () => {
      const account = fresh('acct');
      const results = await log.appendMany(
        'events',
        [1, 2, 3, 4, 5].map((n) => anEvent(account, 'Probe', { n })),
      );
      const mine = (await readAll(log, 'events', itemAt(results, 2).seq))
        .flat()
        .filter((s) => s.event.accountId === account);
      expect(mine.map((s) => s.event.payload)).toEqual([{ n: 3 }, { n: 4 }, { n: 5 }]);
      await expect(log.lastSeq('events')).resolves.toBe(results[4]?.seq);
    });

    it('delivers every event of the filtered type once, in order, and no other type', async () => {
      const wanted = fresh('Wanted');
      const [a, b] = [fresh('acct'), fresh('acct')];
      const mixed = [
        anEvent(a, wanted),
        anEvent(b, 'Other'),
        anEvent(b, wanted),
        anEvent(a, 'Other'),
        anEvent(a, wanted),
      ];
      await log.appendMany('events', mixed);
      const { seen, batches, spec } = await consume({
        filterSubject: subjects.eventsOfType(wanted),
        batchSize: 2,
      });
      // A marker appended later proves the consumer went past everything before it.
      const marker = anEvent(b, wanted);
      await log.append('events', marker);
      await waitFor('the marker', () => ids(seen).includes(marker.id));
      expect(ids(seen)).toEqual([mixed[0]?.id, mixed[2]?.id, mixed[4]?.id, marker.id]);
      expect(seen.map((s) => s.seq)).toEqual([...seen.map((s) => s.seq)].sort((x, y) => x - y));
      expect(batches.every((n) => n <= 2)).toBe(true);
      await waitFor(
        'nothing pending',
        async () => (await log.pending('events', spec.durable)) === 0,
      );
    });

    it('splits one durable between two subscriptions, each event seen exactly once', async () => {
      const type = fresh('Work');
      const events = Array.from({ length: 20 }, (_, n) => anEvent(fresh('acct'), type, { n }));
      await log.appendMany('events', events);
      const durable = fresh('shared');
      // Each subscription holds its first delivery until the other has one too: a durable that splits its work
      // must hand the second subscription an event while the first is busy, however the machine schedules them.
      let one: Awaited<ReturnType<typeof consume>> | undefined;
      let two: Awaited<ReturnType<typeof consume>> | undefined;
      const ackOnceBothHoldOne = async (d: Delivery) => {
        await waitFor('both subscriptions to hold a delivery', () =>
          Boolean(one?.seen.length && two?.seen.length),
        );
        await d.ack();
      };
      one = await consume(
        { filterSubject: subjects.eventsOfType(type), durable, batchSize: 1 },
        ackOnceBothHoldOne,
      );
      two = await consume(
        { filterSubject: subjects.eventsOfType(type), durable, batchSize: 1 },
        ackOnceBothHoldOne,
      );
      await waitFor('all 20 events', () => one.seen.length + two.seen.length >= 20);
      await waitFor('nothing pending', async () => (await log.pending('events', durable)) === 0);
      const all = [...ids(one.seen), ...ids(two.seen)];
      expect(all.sort()).toEqual(events.map((e) => e.id).sort());
      expect(one.seen.length).toBeGreaterThan(0);
      expect(two.seen.length).toBeGreaterThan(0);
    });

    it('redelivers a nak-ed delivery after its delay with deliveryCount 2', async () => {
      const type = fresh('Nak');
      const event = anEvent(fresh('acct'), type);
      await log.append('events', event);
      const { seen, spec } = await consume({ filterSubject: subjects.eventsOfType(type) }, (d) =>
        d.deliveryCount === 1 ? d.nak(300) : d.ack(),
      );
      await waitFor('the redelivery', () => seen.length >= 2);
      expect(seen.map((s) => [s.id, s.deliveryCount])).toEqual([
        [event.id, 1],
        [event.id, 2],
      ]);
      await waitFor(
        'nothing pending',
        async () => (await log.pending('events', spec.durable)) === 0,
      );
    });

    it('holds a nak-ed delivery back for its delay: a later event overtakes it', async () => {
      const type = fresh('NakLater');
      const account = fresh('acct');
      const held = anEvent(account, type);
      await log.append('events', held);
      const { seen } = await consume({ filterSubject: subjects.eventsOfType(type) }, (d) =>
        d.stored.event.id === held.id ? d.nak(60_000) : d.ack(),
      );
      await waitFor('the first delivery', () => seen.length >= 1);
      const marker = anEvent(account, type);
      await log.append('events', marker);
      await waitFor('the marker', () => ids(seen).includes(marker.id));
      expect(seen.map((s) => [s.id, s.deliveryCount])).toEqual([
        [held.id, 1],
        [marker.id, 1],
      ]);
    });

    it('redelivers a delivery left unsettled past ack wait', async () => {
      const type = fresh('Slow');
      await log.append('events', anEvent(fresh('acct'), type));
      const { seen } = await consume(
        { filterSubject: subjects.eventsOfType(type), ackWaitMs: 500 },
        (d) => (d.deliveryCount === 1 ? undefined : d.ack()),
      );
      await waitFor('the redelivery', () => seen.length >= 2);
      expect(seen.map((s) => s.deliveryCount)).toEqual([1, 2]);
    });

    it('does not redeliver a delivery its handler keeps marking as in progress past ack wait', async () => {
      const type = fresh('Working');
      const account = fresh('acct');
      const long = anEvent(account, type);
      await log.append('events', long);
      let beats = 0;
      // In hand for six heartbeats of a third of the ack wait each: twice the ack wait in all.
      const { seen, spec } = await consume(
        { filterSubject: subjects.eventsOfType(type), ackWaitMs: 600 },
        async (d) => {
          if (d.stored.event.id !== long.id) return d.ack();
          while (beats < 6) {
            d.working();
            beats += 1;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
          await d.ack();
        },
      );
      await waitFor('the heartbeats', () => beats >= 6);
      const marker = anEvent(account, type);
      await log.append('events', marker);
      await waitFor('the marker', () => ids(seen).includes(marker.id));
      await waitFor(
        'nothing pending',
        async () => (await log.pending('events', spec.durable)) === 0,
      );
      expect(seen.map((s) => [s.id, s.deliveryCount])).toEqual([
        [long.id, 1],
        [marker.id, 1],
      ]);
    });

    it('stops redelivering after maxDeliver deliveries and moves on', async () => {
      const type = fresh('Poison');
      const account = fresh('acct');
      const poison = anEvent(account, type);
      await log.append('events', poison);
      const { seen } = await consume(
        { filterSubject: subjects.eventsOfType(type), maxDeliver: 2 },
        (d) => (d.stored.event.id === poison.id ? d.nak(0) : d.ack()),
      );
      await waitFor('the last delivery', () => seen.length >= 2);
      const marker = anEvent(account, type);
      await log.append('events', marker);
      await waitFor('the marker', () => ids(seen).includes(marker.id));
      expect(seen.filter((s) => s.id === poison.id).map((s) => s.deliveryCount)).toEqual([1, 2]);
    });

    it('never redelivers a terminated delivery', async () => {
      const type = fresh('Term');
      const account = fresh('acct');
      const doomed = anEvent(account, type);
      await log.append('events', doomed);
      const { seen, spec } = await consume(
        { filterSubject: subjects.eventsOfType(type), ackWaitMs: 500 },
        (d) => (d.stored.event.id === doomed.id ? d.term() : d.ack()),
      );
      await waitFor('the first delivery', () => seen.length >= 1);
      await waitFor(
        'nothing pending',
        async () => (await log.pending('events', spec.durable)) === 0,
      );
      const marker = anEvent(account, type);
      await log.append('events', marker);
      await waitFor('the marker', () => ids(seen).includes(marker.id));
      expect(ids(seen)).toEqual([doomed.id, marker.id]);
    });

    it("says through which sequence a consumer has settled all it reads: an unsettled or retried message holds it, other subjects' messages do not", async () => {
      const type = fresh('Floor');
      const account = fresh('acct');
      const durable = fresh('dur');
      await expect(log.settledThrough('events', durable)).resolves.toBe(0);
      const [w1, , w2, , w3, o3] = firstItems(
        await log.appendMany('events', [
          anEvent(account, type),
          anEvent(account, 'Other'),
          anEvent(account, type),
          anEvent(account, 'Other'),
          anEvent(account, type),
          anEvent(account, 'Other'),
        ]),
        6,
      );
      // Deliveries are kept unsettled here and settled by the test, out of order.
      const held: Delivery[] = [];
      await consume({ durable, filterSubject: subjects.eventsOfType(type), batchSize: 1 }, (d) => {
        held.push(d);
      });
      await waitFor('three deliveries', () => held.length === 3);
      const delivery = (seq: number) => held.filter((d) => d.stored.seq === seq).at(-1)!;
      const settledThrough = () => log.settledThrough('events', durable);
      await expect(settledThrough()).resolves.toBe(w1.seq - 1);

      await delivery(w1.seq).ack();
      await waitFor('w1 settled', async () => (await settledThrough()) === w2.seq - 1);
      await delivery(w3.seq).ack();
      delivery(w2.seq).nak(0);
      await waitFor('w2 again', () => held.length === 4);
      expect(held[3]).toMatchObject({ stored: { seq: w2.seq }, deliveryCount: 2 });
      await expect(settledThrough()).resolves.toBe(w2.seq - 1);

      await delivery(w2.seq).ack();
      await waitFor('all settled', async () => (await settledThrough()) === o3.seq);
      const [w4, o4] = firstItems(
        await log.appendMany('events', [anEvent(account, type), anEvent(account, 'Other')]),
        2,
      );
      await waitFor('w4', () => held.length === 5);
      await expect(settledThrough()).resolves.toBe(w4.seq - 1);
      delivery(w4.seq).term();
      await waitFor('w4 ended', async () => (await settledThrough()) === o4.seq);
    });

    it('removes an acked message from the raw work queue', async () => {
      // A work-queue stream allows one consumer per subject filter on JetStream: one durable, opened twice.
      const account = fresh('acct');
      const filterSubject = subjects.allRaw;
      const durable = fresh('redactor');
      const [r1, r2] = [anEvent(account, 'TurnRecorded'), anEvent(account, 'TurnRecorded')];
      const [first] = firstItems(await log.appendMany('raw', [r1, r2]), 1);
      const before = await consume({ stream: 'raw', durable, filterSubject });
      await waitFor('both raw messages', () => before.seen.length >= 2);
      await waitFor('nothing pending', async () => (await log.pending('raw', durable)) === 0);
      await before.subscription.stop();

      const r3 = anEvent(account, 'TurnRecorded');
      await log.append('raw', r3);
      const left = (await readAll(log, 'raw', first.seq))
        .flat()
        .filter((s) => s.event.accountId === account);
      expect(left.map((s) => s.event.id)).toEqual([r3.id]);
      const after = await consume({ stream: 'raw', durable, filterSubject });
      await waitFor('the new raw message', () => after.seen.length >= 1);
      await waitFor('nothing pending', async () => (await log.pending('raw', durable)) === 0);
      expect(ids(after.seen)).toEqual([r3.id]);
    });

    it('counts pending raw input in events, however many of them one message holds', async () => {
      const account = fresh('acct');
      const session = fresh('s');
      const durable = fresh('redactor');
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let seen = 0;
      subscriptions.push(
        await log.consume(
          {
            stream: 'raw',
            durable,
            filterSubject: subjects.allRaw,
            maxDeliver: 5,
            ackWaitMs: 30_000,
            batchSize: 10,
          },
          async (deliveries) => {
            seen += deliveries.length;
            await held;
            for (const delivery of deliveries) await delivery.ack();
          },
        ),
      );
      // one session's events in one append: one pack on JetStream
      await log.appendMany(
        'raw',
        Array.from({ length: 5 }, () => anEvent(account, 'TurnRecorded', {}, session)),
      );
      await waitFor('the first delivery in hand', () => seen > 0);
      await expect(log.pending('raw', durable)).resolves.toBe(5);
      release();
      await waitFor('nothing pending', async () => (await log.pending('raw', durable)) === 0);
      expect(seen).toBe(5);
    });

    it("hands a session's raw events out in the order appended: one waiting for its retry holds its session's later ones back, not other sessions'", async () => {
      const account = fresh('acct');
      const session = fresh('s');
      let other = fresh('s');
      while (
        rawPartition({ accountId: account, sessionId: other }) ===
        rawPartition({ accountId: account, sessionId: session })
      )
        other = fresh('s');
      const [first, second] = [
        anEvent(account, 'TurnRecorded', {}, session),
        anEvent(account, 'TurnRecorded', {}, session),
      ];
      const elsewhere = anEvent(account, 'TurnRecorded', {}, other);
      await log.append('raw', first);
      await log.append('raw', second);
      await log.append('raw', elsewhere);
      const durable = fresh('redactor');
      const handled: Seen[] = [];
      // A handler as the consumer runtime is: once a session's delivery asks for a retry, its later ones
      // in the batch are retried unhandled.
      const handler = async (deliveries: Delivery[]) => {
        const retrying = new Set<string>();
        for (const d of deliveries) {
          const key = d.orderKey ?? '';
          if (retrying.has(key) || (d.stored.event.id === first.id && d.deliveryCount === 1)) {
            retrying.add(key);
            d.nak(500);
            continue;
          }
          handled.push({
            id: d.stored.event.id,
            seq: d.stored.seq,
            deliveryCount: d.deliveryCount,
          });
          await d.ack();
        }
      };
      // two instances of one worker share the durable
      const spec: ConsumerSpec = {
        stream: 'raw',
        durable,
        filterSubject: subjects.allRaw,
        maxDeliver: 5,
        ackWaitMs: 30_000,
        batchSize: 10,
      };
      subscriptions.push(await log.consume(spec, handler), await log.consume(spec, handler));
      await waitFor('every event handled', () => handled.length >= 3);
      await waitFor('nothing pending', async () => (await log.pending('raw', durable)) === 0);
      expect(ids(handled)).toEqual([elsewhere.id, first.id, second.id]);
      expect(handled.find((h) => h.id === first.id)?.deliveryCount).toBe(2);
    });

    it('hands out a batch and waits for it on stop', async () => {
      const type = fresh('Held');
      await log.append('events', anEvent(fresh('acct'), type));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const { seen, subscription } = await consume(
        { filterSubject: subjects.eventsOfType(type) },
        async (d) => {
          await held;
          await d.ack();
        },
      );
      await waitFor('the delivery', () => seen.length === 1);
      let stopped = false;
      const stopping = subscription.stop().then(() => (stopped = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect(stopped).toBe(true);
    });

    it('keeps a letter written again (its pack redelivered for another event) once, and a failed re-drive as a letter of its own', async () => {
      const service = fresh('svc');
      const letter = aDeadLetter(service, {
        consumer: `${service}-raw`,
        stream: 'raw',
        error: { code: 'validation_failed', message: 'bad input' },
      });
      await log.publishDeadLetter(service, letter);
      await log.publishDeadLetter(service, { ...letter, deliveryCount: 2 });
      const stored = await log.listDeadLetters(service);
      expect(stored).toHaveLength(1);
      const kept = itemAt(stored, 0);
      expect(kept.letter).toEqual(letter);
      await log.publishDeadLetter(service, { ...letter, redriveOf: kept.id });
      await expect(log.listDeadLetters(service)).resolves.toHaveLength(2);
    });

    it('keeps dead letters per service, in order', async () => {
      const service = fresh('svc');
      const letter = (n: number): DeadLetter =>
        aDeadLetter(service, {
          seq: n,
          deliveryCount: 5,
          error: { code: 'handler_failed', message: `boom ${n}` },
          event: anEvent(fresh('acct'), 'Probe', { n }),
        });
      const letters = [letter(1), letter(2)];
      for (const l of letters) await log.publishDeadLetter(service, l);
      const other = fresh('svc');
      await log.publishDeadLetter(other, { ...letter(3), service: other });
      const mine = await log.listDeadLetters(service);
      expect(mine.map((s) => s.letter)).toEqual(letters);
      expect(mine[0]?.id).toBeLessThan(itemAt(mine, 1).id);
      await expect(log.listDeadLetters(fresh('svc'))).resolves.toEqual([]);
      const everyone = (await log.listDeadLetters()).map((s) => s.letter.service);
      expect(everyone.filter((name) => name === service || name === other)).toEqual([
        service,
        service,
        other,
      ]);
    });

    it('hands a dead letter to one of two takers, and it is gone after', async () => {
      const service = fresh('svc');
      const letter = aDeadLetter(service, { consumer: 'dur', deliveryCount: 3 });
      await log.publishDeadLetter(service, letter);
      const { id } = itemAt(await log.listDeadLetters(service), 0);
      const takers = await Promise.all([log.takeDeadLetter(id), log.takeDeadLetter(id)]);
      expect(takers.filter((t) => t !== null)).toEqual([{ id, letter }]);
      await expect(log.listDeadLetters(service)).resolves.toEqual([]);
      await expect(log.takeDeadLetter(id)).resolves.toBeNull();
    });

    it('spreads requests over a queue group and returns their answers', async () => {
      const subject = subjects.rpc(fresh('svc'), 'echo');
      for (const by of ['a', 'b']) {
        subscriptions.push(await log.reply(subject, 'echoers', async (body) => ({ by, body })));
      }
      const answers: Array<{ by: string; body: unknown }> = [];
      for (let n = 0; n < 20; n++)
        answers.push(
          (await log.request(subject, { n }, { timeoutMs: 5_000 })) as (typeof answers)[0],
        );
      expect(answers.map((a) => a.body)).toEqual(Array.from({ length: 20 }, (_, n) => ({ n })));
      expect(new Set(answers.map((a) => a.by))).toEqual(new Set(['a', 'b']));
    });

    it('fails a request nobody answers in time', async () => {
      const subject = subjects.rpc(fresh('svc'), 'slow');
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      // The responder answers only after the requester has given up: any answer the requester got would be a lie.
      subscriptions.push(await log.reply(subject, 'slow', () => released.then(() => 'late')));
      const outcome = log.request(subject, {}, { timeoutMs: 200 });
      await expect(outcome).rejects.toThrow(Error);
      await expect(outcome).rejects.not.toBeInstanceOf(RemoteError);
      release();
    });

    it('fails a request to a subject without responders', async () => {
      await expect(
        log.request(subjects.rpc(fresh('svc'), 'none'), {}, { timeoutMs: 500 }),
      ).rejects.toThrow(Error);
    });

    it('passes a remote error code through, and calls an uncoded one internal', async () => {
      const subject = subjects.rpc(fresh('svc'), 'reserve');
      subscriptions.push(
        await log.reply(subject, 'cost', async (body) => {
          if ((body as { coded: boolean }).coded)
            throw Object.assign(new Error('daily cap reached'), { code: 'cost_cap' });
          throw new Error('database fell over');
        }),
      );
      const coded = await log
        .request(subject, { coded: true }, { timeoutMs: 5_000 })
        .catch((e: unknown) => e);
      const plain = await log
        .request(subject, { coded: false }, { timeoutMs: 5_000 })
        .catch((e: unknown) => e);
      expect(coded).toBeInstanceOf(RemoteError);
      expect(coded).toMatchObject({ code: 'cost_cap', message: 'daily cap reached' });
      expect(plain).toMatchObject({ code: 'internal', message: 'database fell over' });
    });

    it('answers a handler that lost its connection (a driver code, a SQLSTATE) as dependency_unavailable, which the asker retries', async () => {
      const subject = subjects.rpc(fresh('svc'), 'commit');
      subscriptions.push(
        await log.reply(subject, 'cost', async (body) => {
          if ((body as { kind: string }).kind === 'socket')
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
              code: 'ECONNREFUSED',
            });
          throw Object.assign(new Error('terminating connection due to administrator command'), {
            code: '57P01',
          });
        }),
      );
      const socket = await log
        .request(subject, { kind: 'socket' }, { timeoutMs: 5_000 })
        .catch((e: unknown) => e);
      const shutdown = await log
        .request(subject, { kind: 'shutdown' }, { timeoutMs: 5_000 })
        .catch((e: unknown) => e);
      expect(socket).toMatchObject({
        code: 'dependency_unavailable',
        message: 'connect ECONNREFUSED 127.0.0.1:5432',
      });
      expect(shutdown).toMatchObject({
        code: 'dependency_unavailable',
        message: 'terminating connection due to administrator command',
      });
    });

    it('answers a failure whose details cannot cross the wire, and a thrown non-error, instead of leaving the request to time out', async () => {
      const subject = subjects.rpc(fresh('svc'), 'odd');
      subscriptions.push(
        await log.reply(subject, 'odd', async (body) => {
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- a thrown non-error is the case under test
          if ((body as { kind: string }).kind === 'null') throw null;
          const details: Record<string, unknown> = { reason: 'loop' };
          details.self = details;
          throw Object.assign(new Error('cyclic details'), { code: 'odd_failure', details });
        }),
      );
      const cyclic = await log
        .request(subject, { kind: 'cycle' }, { timeoutMs: 2_000 })
        .catch((e: unknown) => e);
      const thrownNull = await log
        .request(subject, { kind: 'null' }, { timeoutMs: 2_000 })
        .catch((e: unknown) => e);
      expect(cyclic).toBeInstanceOf(RemoteError);
      expect(cyclic).toMatchObject({
        code: 'odd_failure',
        message: 'cyclic details',
        details: undefined,
      });
      expect(thrownNull).toBeInstanceOf(RemoteError);
      expect(thrownNull).toMatchObject({ code: 'internal', message: 'null' });
    });

    it('answers ping while open', async () => {
      await expect(log.ping()).resolves.toBeUndefined();
    });
  });
}
