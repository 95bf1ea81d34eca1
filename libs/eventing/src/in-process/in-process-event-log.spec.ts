import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { EventEnvelope, StoredEvent } from '@mnemo/contracts';
import type { ConsumerSpec, Delivery } from '../event-log.port';
import { describeEventLogContract } from '@mnemo/testing/event-log-contract';
import { InProcessEventLog } from './in-process-event-log';
import { itemAt, waitFor } from '@mnemo/testing';

describeEventLogContract('in-process, memory only', async () => {
  const log = new InProcessEventLog({ dataDir: null });
  return { log, cleanup: () => log.close() };
});

describeEventLogContract('in-process, file-backed', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-log-'));
  const log = new InProcessEventLog({ dataDir });
  return {
    log,
    cleanup: async () => {
      await log.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

describe('InProcessEventLog on a data folder', () => {
  let dataDir: string;
  const logs: InProcessEventLog[] = [];
  const open = () => {
    const log = new InProcessEventLog({ dataDir });
    logs.push(log);
    return log;
  };

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-log-'));
  });
  afterEach(async () => {
    for (const log of logs.splice(0)) await log.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const spec = (stream: 'events' | 'raw', filterSubject: string) => ({
    stream,
    durable: 'projector',
    filterSubject,
    maxDeliver: 5,
    ackWaitMs: 30_000,
    batchSize: 10,
  });

  async function consumeAll(
    log: InProcessEventLog,
    s: ConsumerSpec,
    settle: (d: Delivery) => unknown,
    until: (seen: Delivery[]) => boolean,
  ) {
    const seen: Delivery[] = [];
    const subscription = await log.consume(s, async (deliveries) => {
      for (const d of deliveries) {
        seen.push(d);
        await settle(d);
      }
    });
    await waitFor(() => until(seen));
    await subscription.stop();
    return seen;
  }

  it('keeps events and dead letters, and resumes a durable after its acked messages', async () => {
    const first = open();
    const events = [1, 2, 3, 4, 5].map((n) => anEvent('acct-1', 'TurnRecorded', { n }));
    await first.appendMany('events', events);
    const letter = {
      service: 'memory',
      stream: 'events' as const,
      seq: 2,
      deliveryCount: 5,
      error: { code: 'x', message: 'y' },
      event: itemAt(events, 1),
      deadAt: new Date().toISOString(),
    };
    await first.publishDeadLetter('memory', letter);
    await consumeAll(
      first,
      spec('events', 'mnemo.events.*.TurnRecorded'),
      (d) => (d.stored.seq <= 3 ? d.ack() : undefined),
      (seen) => seen.length === 5,
    );
    await first.close();

    const second = open();
    expect((await collect(second.read('events', 1))).map((s) => s.event)).toEqual(events);
    await expect(
      second.listDeadLetters('memory').then((stored) => stored.map((s) => s.letter)),
    ).resolves.toEqual([letter]);
    await expect(second.pending('events', 'projector')).resolves.toBe(2);
    const resumed = await consumeAll(
      second,
      spec('events', 'mnemo.events.*.TurnRecorded'),
      (d) => d.ack(),
      (seen) => seen.length === 2,
    );
    expect(resumed.map((d) => [d.stored.seq, d.deliveryCount])).toEqual([
      [4, 2],
      [5, 2],
    ]);
    await expect(second.append('events', itemAt(events, 0))).resolves.toEqual({
      seq: 1,
      duplicate: true,
    });
    await expect(second.append('events', anEvent('acct-1', 'TurnRecorded'))).resolves.toEqual({
      seq: 6,
      duplicate: false,
    });
  });

  it('does not replay acked raw messages after a restart, nor keep their bodies on disk', async () => {
    const first = open();
    const raw = ['secret-one', 'secret-two', 'secret-three'].map((text) =>
      anEvent('acct-1', 'TurnRecorded', { text }),
    );
    await first.appendMany('raw', raw);
    await consumeAll(
      first,
      spec('raw', 'mnemo.raw.>'),
      (d) => (d.stored.seq <= 2 ? d.ack() : undefined),
      (seen) => seen.length === 3,
    );
    await first.close();
    const onDisk = fs.readFileSync(path.join(dataDir, 'raw.jsonl'), 'utf8');
    expect(onDisk).not.toContain('secret-one');
    expect(onDisk).not.toContain('secret-two');
    expect(onDisk).toContain('secret-three');

    const second = open();
    expect((await collect(second.read('raw', 1))).map((s) => s.seq)).toEqual([3]);
    await expect(second.lastSeq('raw')).resolves.toBe(3);
    await expect(second.append('raw', itemAt(raw, 0))).resolves.toEqual({
      seq: 1,
      duplicate: true,
    });
    const resumed = await consumeAll(
      second,
      spec('raw', 'mnemo.raw.>'),
      (d) => d.ack(),
      (seen) => seen.length === 1,
    );
    expect(resumed.map((d) => d.stored.seq)).toEqual([3]);
    await waitFor(async () => (await second.pending('raw', 'projector')) === 0);
  });

  it('drops acked raw bodies from disk while running, once acks pause', async () => {
    const log = open();
    await log.appendMany(
      'raw',
      ['first-secret', 'second-secret'].map((text) => anEvent('acct-1', 'TurnRecorded', { text })),
    );
    await consumeAll(
      log,
      spec('raw', 'mnemo.raw.>'),
      (d) => d.ack(),
      (seen) => seen.length === 2,
    );
    await waitFor(
      () => !fs.readFileSync(path.join(dataDir, 'raw.jsonl'), 'utf8').includes('-secret'),
    );
  });

  it('keeps numbering after the last raw message was deleted', async () => {
    const first = open();
    await first.append('raw', anEvent('acct-1', 'TurnRecorded'));
    await consumeAll(
      first,
      spec('raw', 'mnemo.raw.>'),
      (d) => d.ack(),
      (seen) => seen.length === 1,
    );
    await first.close();
    const second = open();
    await expect(second.lastSeq('raw')).resolves.toBe(1);
    await expect(second.append('raw', anEvent('acct-1', 'TurnRecorded'))).resolves.toEqual({
      seq: 2,
      duplicate: false,
    });
  });

  it('cuts off a line torn by a crash and appends after the last whole one', async () => {
    const first = open();
    await first.appendMany('events', [anEvent('acct-1', 'A'), anEvent('acct-1', 'B')]);
    await first.close();
    fs.appendFileSync(path.join(dataDir, 'events.jsonl'), '{"seq":3,"event":{"id":"');
    const second = open();
    await expect(second.lastSeq('events')).resolves.toBe(2);
    await second.append('events', anEvent('acct-1', 'C'));
    await second.close();
    const third = open();
    expect((await collect(third.read('events', 1))).map((s) => s.event.type)).toEqual([
      'A',
      'B',
      'C',
    ]);
  });

  it('refuses to open a stream file corrupted before its end', async () => {
    const first = open();
    await first.appendMany('events', [anEvent('acct-1', 'A')]);
    await first.close();
    const file = path.join(dataDir, 'events.jsonl');
    fs.writeFileSync(file, `garbage\n${fs.readFileSync(file, 'utf8')}`);
    expect(() => new InProcessEventLog({ dataDir })).toThrow(/corrupt/);
  });

  it('rejects calls once closed', async () => {
    const log = open();
    await log.close();
    await expect(log.ping()).rejects.toMatchObject({ code: 'dependency_unavailable' });
    await expect(log.append('events', anEvent('acct-1', 'A'))).rejects.toThrow(/closed/);
  });

  it('refuses an event whose account id cannot be a subject token', async () => {
    const log = open();
    await expect(log.append('events', anEvent('acct.1', 'A'))).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(log.lastSeq('events')).resolves.toBe(0);
  });
});

function anEvent(accountId: string, type: string, payload: unknown = {}): EventEnvelope {
  return {
    id: randomUUID(),
    type,
    version: 1,
    accountId,
    occurredAt: '2026-11-29T10:00:00.000Z',
    producer: 'spec',
    payload,
  };
}

async function collect(batches: AsyncIterable<StoredEvent[]>): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}
