import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import type { Msg } from '@nats-io/nats-core';
import { jetstreamManager } from '@nats-io/jetstream';
import type { StoredEvent } from '@mnemo/contracts';
import { describeEventLogContract } from '../event-log.contract';
import { JetStreamEventLog } from './jetstream-event-log';

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

describeEventLogContract('NATS JetStream', async () => {
  const ns = `t${randomBytes(5).toString('hex')}`;
  const log = await JetStreamEventLog.connect({ servers: NATS_URL, streamPrefix: ns.toUpperCase(), subjectPrefix: ns });
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
    const log = await JetStreamEventLog.connect({ servers: NATS_URL, streamPrefix: ns.toUpperCase(), subjectPrefix: ns });
    const nc = await connect({ servers: NATS_URL });
    try {
      await log.ensureStreams();
      const event = (n: number) => ({ id: randomUUID(), type: 'Probe', version: 1, accountId: 'acct', occurredAt: new Date().toISOString(), producer: 'spec', payload: { n } });
      const results = await log.appendMany('events', [event(1), event(2), event(3)]);
      await (await jetstreamManager(nc)).streams.deleteMessage(`${ns.toUpperCase()}_EVENTS`, results[2].seq);
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
    const log = await JetStreamEventLog.connect({ servers: NATS_URL, streamPrefix: ns.toUpperCase(), subjectPrefix: ns });
    const nc = await connect({ servers: NATS_URL });
    const consumers = async () => (await (await jetstreamManager(nc)).consumers.list(`${ns.toUpperCase()}_EVENTS`).next()).length;
    try {
      await log.ensureStreams();
      const event = (n: number) => ({ id: randomUUID(), type: 'Probe', version: 1, accountId: 'acct', occurredAt: new Date().toISOString(), producer: 'spec', payload: { n } });
      await log.appendMany('events', Array.from({ length: 1000 }, (_, n) => event(n)));
      const sizes: number[] = [];
      const read: number[] = [];
      for await (const batch of log.read('events', 101, 64)) {
        sizes.push(batch.length);
        read.push(...batch.map((s) => s.seq));
      }
      expect(read).toEqual(Array.from({ length: 900 }, (_, i) => 101 + i));
      expect(sizes.slice(0, -1).every((size) => size === 64)).toBe(true);
      for await (const batch of log.read('events', 1, 10)) if (batch[0].seq > 30) break;
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
    const [a, b, asker] = await Promise.all([1, 2, 3].map(() => JetStreamEventLog.connect({ servers: NATS_URL, streamPrefix: ns.toUpperCase(), subjectPrefix: ns })));
    const subject = 'mnemo.rpc.echo.who';
    const viaNats = new Set<string>();
    // A NATS connection of its own sees what crosses the server on the prefixed subject.
    const nc = await connect({ servers: NATS_URL });
    const watcher = nc.subscribe(`${ns}.rpc.echo.who`, { callback: (_error: unknown, msg: Msg) => viaNats.add(String(new TextDecoder().decode(msg.data))) });
    await nc.flush();
    const fromB = await b.reply(subject, 'echo', async (body) => ({ by: 'b', body }));
    let fromAServing: { stop(): Promise<void> } | null = await a.reply(subject, 'echo', async (body) => ({ by: 'a', body }));
    try {
      const ask = async (log: JetStreamEventLog, n: number) => ((await log.request(subject, { n }, { timeoutMs: 5_000 })) as { by: string; body: unknown });
      const fromA = await Promise.all(Array.from({ length: 10 }, (_, n) => ask(a, n)));
      expect(fromA).toEqual(Array.from({ length: 10 }, (_, n) => ({ by: 'a', body: { n } })));
      const fromAsker = await Promise.all(Array.from({ length: 20 }, (_, n) => ask(asker, 100 + n)));
      expect(fromAsker.map((answer) => answer.body)).toEqual(Array.from({ length: 20 }, (_, n) => ({ n: 100 + n })));
      expect(new Set(fromAsker.map((answer) => answer.by))).toEqual(new Set(['a', 'b']));
      await nc.flush();
      // only the asker's requests crossed the server
      expect([...viaNats].map((text) => (JSON.parse(text) as { n: number }).n).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, n) => 100 + n));
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
  }, 20_000);
});
