import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import type { Msg } from '@nats-io/nats-core';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { rawPartition, subjects, ValidationError, type StoredEvent } from '@mnemo/contracts';
import { runConsumer } from '../consumer-runtime';
import { describeEventLogContract, waitFor } from '@mnemo/testing/event-log-contract';
import { JetStreamEventLog } from './jetstream-event-log';
import { firstItems, itemAt } from '@mnemo/testing';

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

describeEventLogContract('NATS JetStream', async () => {
  const ns = `t${randomBytes(5).toString('hex')}`;
  const log = await JetStreamEventLog.connect({
    servers: NATS_URL,
    streamPrefix: ns.toUpperCase(),
    subjectPrefix: ns,
  });
  await log.ensureStreams();
  return {
    log,
    cleanup: async () => {
      await log.deleteStreams();
      await log.close();
    },
  };
});

describe('JetStreamEventLog.read', () => {
  it('ends at the stream end even when the last stored message was deleted by an operator', async () => {
    const ns = `t${randomBytes(5).toString('hex')}`;
    const log = await JetStreamEventLog.connect({
      servers: NATS_URL,
      streamPrefix: ns.toUpperCase(),
      subjectPrefix: ns,
    });
    const nc = await connect({ servers: NATS_URL });
    try {
      await log.ensureStreams();
      const event = (n: number) => ({
        id: randomUUID(),
        type: 'Probe',
        version: 1,
        accountId: 'acct',
        occurredAt: new Date().toISOString(),
        producer: 'spec',
        payload: { n },
      });
      const results = await log.appendMany('events', [event(1), event(2), event(3)]);
      await (
        await jetstreamManager(nc)
      ).streams.deleteMessage(`${ns.toUpperCase()}_EVENTS`, itemAt(results, 2).seq);
      const read: StoredEvent[] = [];
      for await (const batch of log.read('events', 1)) read.push(...batch);
      expect(read.map((s) => s.event.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      await nc.close();
      await log.deleteStreams();
      await log.close();
    }
  }, 10_000);

  it('reads many batches in order, and leaves no consumer behind when its caller stops early', async () => {
    const ns = `t${randomBytes(5).toString('hex')}`;
    const log = await JetStreamEventLog.connect({
      servers: NATS_URL,
      streamPrefix: ns.toUpperCase(),
      subjectPrefix: ns,
    });
    const nc = await connect({ servers: NATS_URL });
    const consumers = async () =>
      (await (await jetstreamManager(nc)).consumers.list(`${ns.toUpperCase()}_EVENTS`).next())
        .length;
    try {
      await log.ensureStreams();
      const event = (n: number) => ({
        id: randomUUID(),
        type: 'Probe',
        version: 1,
        accountId: 'acct',
        occurredAt: new Date().toISOString(),
        producer: 'spec',
        payload: { n },
      });
      await log.appendMany(
        'events',
        Array.from({ length: 1000 }, (_, n) => event(n)),
      );
      const sizes: number[] = [];
      const read: number[] = [];
      for await (const batch of log.read('events', 101, 64)) {
        sizes.push(batch.length);
        read.push(...batch.map((s) => s.seq));
      }
      expect(read).toEqual(Array.from({ length: 900 }, (_, i) => 101 + i));
      expect(sizes.slice(0, -1).every((size) => size === 64)).toBe(true);
      for await (const batch of log.read('events', 1, 10)) if (itemAt(batch, 0).seq > 30) break;
      await expect(consumers()).resolves.toBe(0);
    } finally {
      await nc.close();
      await log.deleteStreams();
      await log.close();
    }
  }, 20_000);
});

describe('JetStreamEventLog request/reply across processes', () => {
  it("answers a request its own process serves without the network, and shares other processes' requests over NATS", async () => {
    const ns = `t${randomBytes(5).toString('hex')}`;
    // Three connections with one prefix stand for three processes: two serve the subject, one only asks.
    const [a, b, asker] = firstItems(
      await Promise.all(
        [1, 2, 3].map(() =>
          JetStreamEventLog.connect({
            servers: NATS_URL,
            streamPrefix: ns.toUpperCase(),
            subjectPrefix: ns,
          }),
        ),
      ),
      3,
    );
    const subject = 'mnemo.rpc.echo.who';
    const viaNats = new Set<string>();
    // A NATS connection of its own sees what crosses the server on the prefixed subject.
    const nc = await connect({ servers: NATS_URL });
    const watcher = nc.subscribe(`${ns}.rpc.echo.who`, {
      callback: (_error: unknown, msg: Msg) =>
        viaNats.add(String(new TextDecoder().decode(msg.data))),
    });
    await nc.flush();
    const fromB = await b.reply(subject, 'echo', async (body) => ({ by: 'b', body }));
    let fromAServing: { stop(): Promise<void> } | null = await a.reply(
      subject,
      'echo',
      async (body) => ({ by: 'a', body }),
    );
    try {
      // patience, not a speed bound: this asserts who answers, and a loaded CI machine has kept a reply past 5 s
      const ask = async (log: JetStreamEventLog, n: number) =>
        (await log.request(subject, { n }, { timeoutMs: 20_000 })) as { by: string; body: unknown };
      const fromA = await Promise.all(Array.from({ length: 10 }, (_, n) => ask(a, n)));
      expect(fromA).toEqual(Array.from({ length: 10 }, (_, n) => ({ by: 'a', body: { n } })));
      const fromAsker = await Promise.all(
        Array.from({ length: 20 }, (_, n) => ask(asker, 100 + n)),
      );
      expect(fromAsker.map((answer) => answer.body)).toEqual(
        Array.from({ length: 20 }, (_, n) => ({ n: 100 + n })),
      );
      expect(new Set(fromAsker.map((answer) => answer.by))).toEqual(new Set(['a', 'b']));
      await nc.flush();
      // only the asker's requests crossed the server
      expect(
        [...viaNats].map((text) => (JSON.parse(text) as { n: number }).n).sort((x, y) => x - y),
      ).toEqual(Array.from({ length: 20 }, (_, n) => 100 + n));
      // a process that stops serving asks the others over NATS
      await fromAServing.stop();
      fromAServing = null;
      await expect(ask(a, 7)).resolves.toEqual({ by: 'b', body: { n: 7 } });
    } finally {
      await fromAServing?.stop();
      await fromB.stop();
      watcher.unsubscribe();
      await nc.close();
      for (const log of [a, b, asker]) await log.close();
    }
  }, 90_000);
});

describe('JetStreamEventLog raw packs', () => {
  const setup = async () => {
    const ns = `t${randomBytes(5).toString('hex')}`;
    const log = await JetStreamEventLog.connect({
      servers: NATS_URL,
      streamPrefix: ns.toUpperCase(),
      subjectPrefix: ns,
    });
    await log.ensureStreams();
    const nc = await connect({ servers: NATS_URL });
    const jsm = await jetstreamManager(nc);
    const rawMessages = async () =>
      (await jsm.streams.info(`${ns.toUpperCase()}_RAW`)).state.messages;
    const cleanup = async () => {
      await nc.close();
      await log.deleteStreams();
      await log.close();
    };
    /** Publishes one event alone, as a raw message was written before packs (on the wire, the prefix replaces `mnemo`). */
    const publishSingle = async (event: ReturnType<typeof turn>) => {
      const wire = subjects.raw(rawPartition(event), event.accountId).replace(/^mnemo\./, `${ns}.`);
      await jetstream(nc).publish(wire, JSON.stringify(event), { msgID: event.id });
    };
    return { log, rawMessages, publishSingle, cleanup, ns };
  };
  const turn = (accountId: string, n: number) => ({
    id: randomUUID(),
    type: 'TurnRecorded',
    version: 1,
    accountId,
    occurredAt: new Date().toISOString(),
    producer: 'spec',
    payload: { n },
  });
  const spec = {
    stream: 'raw' as const,
    durable: 'redactor',
    filterSubject: 'mnemo.raw.>',
    maxDeliver: 5,
    ackWaitMs: 30_000,
    batchSize: 500,
  };

  it('stores a run of one subject as one message per hundred events, and hands each event out on its own, in order', async () => {
    const { log, rawMessages, cleanup } = await setup();
    try {
      const events = [
        ...Array.from({ length: 250 }, (_, n) => turn('acct-a', n)),
        turn('acct-b', 250),
      ];
      const results = await log.appendMany('raw', events);
      expect(results.every((r) => !r.duplicate)).toBe(true);
      expect(new Set(results.map((r) => r.seq)).size).toBe(4);
      await expect(rawMessages()).resolves.toBe(4);
      const seen: StoredEvent[] = [];
      const subscription = await log.consume(spec, async (deliveries) => {
        for (const delivery of deliveries) {
          seen.push(delivery.stored);
          await delivery.ack();
        }
      });
      await waitFor('every event', () => seen.length >= events.length);
      await waitFor('the queue to empty', async () => (await rawMessages()) === 0);
      await subscription.stop();
      // one account's run in order; the other account's event is in a partition of its own
      const of = (account: string) => seen.filter((s) => s.event.accountId === account);
      expect(of('acct-a').map((s) => s.event.id)).toEqual(events.slice(0, 250).map((e) => e.id));
      expect(of('acct-a').map((s) => s.seq)).toEqual(results.slice(0, 250).map((r) => r.seq));
      expect(of('acct-b').map((s) => s.event.id)).toEqual([events[250]?.id]);
    } finally {
      await cleanup();
    }
  }, 20_000);

  it('still reads a message that holds one event, not a pack, as raw messages were written before packs', async () => {
    const { log, rawMessages, publishSingle, cleanup } = await setup();
    try {
      const [before, after] = [turn('acct-a', 0), turn('acct-a', 1)];
      await publishSingle(before);
      await log.append('raw', after);
      const seen: string[] = [];
      const subscription = await log.consume(spec, async (deliveries) => {
        for (const delivery of deliveries) {
          seen.push(delivery.stored.event.id);
          await delivery.ack();
        }
      });
      await waitFor('both events', () => seen.length >= 2);
      await waitFor('the queue to empty', async () => (await rawMessages()) === 0);
      await subscription.stop();
      expect(seen).toEqual([before.id, after.id]);
    } finally {
      await cleanup();
    }
  }, 20_000);

  it('moves packs stored before partitions into their partitions, in order, and retires the durable that read them', async () => {
    const { log, rawMessages, cleanup, ns } = await setup();
    const nc = await connect({ servers: NATS_URL });
    try {
      const jsm = await jetstreamManager(nc);
      const stream = `${ns.toUpperCase()}_RAW`;
      await jsm.consumers.add(stream, {
        durable_name: spec.durable,
        filter_subject: `${ns}.raw.>`,
        ack_policy: AckPolicy.Explicit,
      });
      const old = Array.from({ length: 3 }, (_, n) => turn('acct-a', n));
      await jetstream(nc).publish(
        `${ns}.raw.acct-a.TurnRecorded`,
        JSON.stringify(old.slice(0, 2)),
        { msgID: 'old-pack' },
      );
      await jetstream(nc).publish(`${ns}.raw.acct-a.TurnRecorded`, JSON.stringify(old[2]), {
        msgID: old[2]?.id,
      });
      const seen: string[] = [];
      const subscription = await log.consume(spec, async (deliveries) => {
        for (const delivery of deliveries) {
          seen.push(delivery.stored.event.id);
          await delivery.ack();
        }
      });
      await waitFor('every old event', () => seen.length >= 3);
      await waitFor('the queue to empty', async () => (await rawMessages()) === 0);
      await subscription.stop();
      expect(seen).toEqual(old.map((e) => e.id));
      await expect(jsm.consumers.info(stream, spec.durable)).rejects.toThrow(/not found/i);
    } finally {
      await nc.close();
      await cleanup();
    }
  }, 20_000);

  it('hands a whole pack out again when one of its events asks for a retry, and keeps it until then', async () => {
    const { log, rawMessages, cleanup } = await setup();
    try {
      const events = Array.from({ length: 3 }, (_, n) => turn('acct-a', n));
      await log.appendMany('raw', events);
      const deliveries: Array<{ id: string; count: number }> = [];
      const subscription = await log.consume(spec, async (batch) => {
        for (const delivery of batch) {
          deliveries.push({ id: delivery.stored.event.id, count: delivery.deliveryCount });
          if (delivery.stored.event.id === events[1]?.id && delivery.deliveryCount === 1)
            delivery.nak(0);
          else await delivery.ack();
        }
      });
      await waitFor('the second delivery of the pack', () => deliveries.length >= 6);
      await waitFor('the queue to empty', async () => (await rawMessages()) === 0);
      await subscription.stop();
      expect(deliveries).toEqual([
        ...events.map((e) => ({ id: e.id, count: 1 })),
        ...events.map((e) => ({ id: e.id, count: 2 })),
      ]);
    } finally {
      await cleanup();
    }
  }, 20_000);

  it('keeps one dead letter for an event of a pack that comes back because another of its events asked for a retry', async () => {
    const { log, rawMessages, cleanup } = await setup();
    try {
      // one session's events, so one pack: the first is bad input, the second fails once
      const events = Array.from({ length: 3 }, (_, n) => ({
        ...turn('acct-a', n),
        sessionId: 's-1',
      }));
      const [bad, flaky] = firstItems(events, 2);
      const handled: Array<{ id: string; seq: number }> = [];
      const met: Array<{ id: string; seq: number }> = [];
      // failing in its batch and again alone (the runtime's retry of one event) sends the pack back
      let flakyCalls = 0;
      const subscription = await runConsumer({
        log,
        service: 'redaction',
        spec: { ...spec, durable: 'redaction-raw' },
        logger: { warn: () => undefined, error: () => undefined },
        handle: async (batch) => {
          for (const { event, seq } of batch) {
            if (event.id === bad.id) met.push({ id: event.id, seq });
            if (event.id === bad.id)
              throw new ValidationError('bad input', [{ path: 'payload', reason: 'bad' }]);
            if (event.id === flaky.id && (flakyCalls += 1) <= 2)
              throw new Error('a passing failure');
          }
          handled.push(...batch.map(({ event, seq }) => ({ id: event.id, seq })));
        },
      });
      await log.appendMany('raw', events);
      await waitFor('the queue to empty', async () => (await rawMessages()) === 0);
      await subscription.stop();
      // the pack came back whole: the bad event met its handler a second time
      expect(flakyCalls).toBeGreaterThan(2);
      expect(met.length).toBeGreaterThan(1);
      expect(new Set(met.map((m) => m.seq)).size).toBe(1);
      expect(new Set(handled.map((h) => h.id))).toEqual(new Set([flaky.id, events[2]?.id]));
      const letters = await log.listDeadLetters('redaction');
      expect(
        letters.map((l) => ({ id: l.letter.event.id, deliveryCount: l.letter.deliveryCount })),
      ).toEqual([{ id: bad.id, deliveryCount: 1 }]);
    } finally {
      await cleanup();
    }
  }, 30_000);
});
