import { randomUUID } from 'node:crypto';
import type { JsMsg } from '@nats-io/jetstream';
import type { EventEnvelope } from '@mnemo/contracts';
import { PACK_MAX_EVENTS, packDeliveries, packRawEvents, unpackRaw } from './raw-packs';
import { firstItems, itemAt } from '@mnemo/testing';

const event = (accountId: string, type = 'TurnRecorded', text = 'hello'): EventEnvelope => ({
  id: randomUUID(),
  type,
  version: 1,
  accountId,
  occurredAt: '2026-12-02T10:00:00Z',
  producer: 'spec',
  payload: { text },
});
const subjectOf = (e: EventEnvelope) => `mnemo.raw.${e.accountId}.${e.type}`;

describe('packRawEvents', () => {
  it("packs each subject's events in their order, one pack per subject however they interleave", () => {
    const started = event('a', 'SessionStarted');
    const turns = [event('a'), event('a')];
    const other = event('b');
    const last = event('a');
    const packs = packRawEvents(
      [started, ...turns, other, last],
      (e) => `mnemo.raw.p00.${e.accountId}`,
    );
    expect(packs.map((p) => [p.subject, p.events.length])).toEqual([
      ['mnemo.raw.p00.a', 4],
      ['mnemo.raw.p00.b', 1],
    ]);
    expect(unpackRaw(itemAt(packs, 0).body)).toEqual([started, ...turns, last]);
  });

  it(`holds at most ${PACK_MAX_EVENTS} events and the byte budget, and sends a larger event alone`, () => {
    expect(
      packRawEvents(
        Array.from({ length: 250 }, () => event('a')),
        subjectOf,
      ).map((p) => p.events.length),
    ).toEqual([100, 100, 50]);
    const big = event('a', 'TurnRecorded', 'x'.repeat(5000));
    const packs = packRawEvents([event('a'), event('a'), big, event('a')], subjectOf, 2000);
    expect(packs.map((p) => p.events.length)).toEqual([2, 1, 1]);
    for (const pack of packs.filter((p) => p.events.length > 1))
      expect(Buffer.byteLength(pack.body)).toBeLessThanOrEqual(2000);
  });

  it("names a pack of one by its event's account and id, a larger pack by a digest of theirs, the same each time", () => {
    const one = event('a');
    const two = [event('a'), event('a')];
    expect(packRawEvents([one], subjectOf)[0]?.msgID).toBe(`a/${one.id}`);
    const id = packRawEvents(two, subjectOf)[0]?.msgID;
    expect(id).toMatch(/^pack-/);
    expect(packRawEvents(two, subjectOf)[0]?.msgID).toBe(id);
    expect(itemAt(packRawEvents([itemAt(two, 1), itemAt(two, 0)], subjectOf), 0).msgID).not.toBe(
      id,
    );
  });

  it('reads a single event written before packs as a pack of one', () => {
    const one = event('a');
    expect(unpackRaw(JSON.stringify(one))).toEqual([one]);
  });
});

describe('packDeliveries', () => {
  const message = () => {
    const calls: string[] = [];
    const msg = {
      seq: 7,
      info: { deliveryCount: 2 },
      ack: () => calls.push('ack'),
      nak: (delay?: number) => calls.push(`nak ${delay}`),
      working: () => calls.push('working'),
    } as unknown as JsMsg;
    return { msg, calls };
  };

  it('acks the message once every event is handled or dead-lettered', async () => {
    const { msg, calls } = message();
    const [a, b, c] = firstItems(packDeliveries(msg, [event('a'), event('a'), event('a')]), 3);
    expect([a.stored.seq, a.deliveryCount]).toEqual([7, 2]);
    await a.ack();
    await a.ack();
    b.term();
    expect(calls).toEqual([]);
    await c.ack();
    expect(calls).toEqual(['ack']);
  });

  it('asks for the whole message again, after the longest delay, when any event asks for a retry', async () => {
    const { msg, calls } = message();
    const [a, b, c] = firstItems(packDeliveries(msg, [event('a'), event('a'), event('a')]), 3);
    b.nak(500);
    a.nak(2000);
    await c.ack();
    expect(calls).toEqual(['nak 2000']);
  });

  it('tells the server once per heartbeat that the pack is still in hand', async () => {
    const { msg, calls } = message();
    const deliveries = packDeliveries(msg, [event('a'), event('a'), event('a')]);
    for (const delivery of deliveries) delivery.working();
    expect(calls).toEqual(['working']);
    await Promise.resolve();
    itemAt(deliveries, 0).working();
    expect(calls).toEqual(['working', 'working']);
  });
});
