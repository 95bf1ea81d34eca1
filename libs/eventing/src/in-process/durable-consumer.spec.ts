import fc from 'fast-check';
import type { StreamKind } from '@mnemo/contracts';
import { DurableConsumer } from './durable-consumer';
import { StreamStore } from './stream-store';
import { firstItems, itemAt } from '@mnemo/testing';

type Decision =
  { kind: 'ack' } | { kind: 'term' } | { kind: 'ignore' } | { kind: 'nak'; delayMs: number };

const decision: fc.Arbitrary<Decision> = fc.oneof(
  fc.constant({ kind: 'ack' as const }),
  fc.constant({ kind: 'term' as const }),
  fc.constant({ kind: 'ignore' as const }),
  fc.integer({ min: 0, max: 50 }).map((delayMs) => ({ kind: 'nak' as const, delayMs })),
);

function storeWith(kind: StreamKind, types: string[]): StreamStore {
  const store = new StreamStore(kind, null);
  store.append(
    types.map((type, n) => ({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      type,
      version: 1,
      // the account is the type too: a raw subject (`mnemo.raw.<partition>.<account>`) names no type
      accountId: type,
      occurredAt: '2026-11-29T10:00:00.000Z',
      producer: 'spec',
      payload: {},
    })),
  );
  return store;
}

describe('DurableConsumer', () => {
  it('delivers each matching message with counts 1..k, k ≤ maxDeliver, ending early only when settled', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<StreamKind>('events', 'raw'),
        fc.array(fc.constantFrom('Wanted', 'Other'), { minLength: 1, maxLength: 12 }),
        fc.array(decision, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 5 }),
        (kind, types, script, maxDeliver, batchSize) => {
          const ackWaitMs = 100;
          const store = storeWith(kind, types);
          const consumer = new DurableConsumer('d', store, {
            filterSubject: `mnemo.${kind}.*.Wanted`,
            maxDeliver,
            ackWaitMs,
          });
          const history = new Map<number, { count: number; at: number; decision: Decision }[]>();
          const earliest = new Map<number, number>();
          let now = 0;
          let turn = 0;
          for (let rounds = 0; rounds < 1_000; rounds++) {
            const claims = consumer.claim(batchSize, now);
            if (claims.length === 0) {
              const due = consumer.nextDueAt();
              if (due === undefined) break;
              now = Math.max(now + 1, due);
              continue;
            }
            for (const claim of claims) {
              const seq = claim.record.seq;
              expect(now).toBeGreaterThanOrEqual(earliest.get(seq) ?? 0);
              const d = itemAt(script, turn++ % script.length);
              history.set(seq, [
                ...(history.get(seq) ?? []),
                { count: claim.deliveryCount, at: now, decision: d },
              ]);
              if (d.kind === 'ack') consumer.ack(seq);
              else if (d.kind === 'term') consumer.term(seq);
              else if (d.kind === 'nak') {
                consumer.nak(seq, claim.token, d.delayMs, now);
                earliest.set(seq, now + d.delayMs);
              } else earliest.set(seq, now + ackWaitMs);
            }
          }
          const wanted = types.flatMap((type, n) => (type === 'Wanted' ? [n + 1] : []));
          expect([...history.keys()].sort((a, b) => a - b)).toEqual(wanted);
          for (const deliveries of history.values()) {
            expect(deliveries.map((d) => d.count)).toEqual(deliveries.map((_, n) => n + 1));
            expect(deliveries.length).toBeLessThanOrEqual(maxDeliver);
            const last = deliveries[deliveries.length - 1]?.decision.kind;
            if (deliveries.length < maxDeliver) expect(['ack', 'term']).toContain(last);
          }
          expect(consumer.pendingCount()).toBe(0);
          expect(consumer.nextDueAt()).toBeUndefined();
          if (kind === 'raw') expect(wanted.filter((seq) => store.get(seq))).toEqual([]);
        },
      ),
    );
  });

  it('ignores a nak from a delivery that ack wait already replaced', () => {
    const store = storeWith('events', ['Wanted']);
    const consumer = new DurableConsumer('d', store, {
      filterSubject: 'mnemo.events.*.Wanted',
      maxDeliver: 5,
      ackWaitMs: 100,
    });
    const [stale] = firstItems(consumer.claim(1, 0), 1);
    const [current] = firstItems(consumer.claim(1, 100), 1);
    consumer.nak(1, stale.token, 0, 101);
    expect(consumer.claim(1, 101)).toEqual([]);
    expect(current.deliveryCount).toBe(2);
    expect(consumer.nextDueAt()).toBe(200);
  });

  it('resumes from a snapshot: after the cursor, with unsettled deliveries due at once', () => {
    const store = storeWith('events', ['Wanted', 'Wanted', 'Wanted']);
    const consumer = new DurableConsumer('d', store, {
      filterSubject: 'mnemo.events.*.Wanted',
      maxDeliver: 5,
      ackWaitMs: 100,
    });
    const claims = consumer.claim(2, 0);
    consumer.ack(itemAt(claims, 0).record.seq);
    const restored = DurableConsumer.restore('d', store, consumer.snapshot());
    restored.settings = { ...restored.settings, maxDeliver: 5 };
    expect(restored.claim(10, 0).map((c) => [c.record.seq, c.deliveryCount])).toEqual([
      [2, 2],
      [3, 1],
    ]);
  });
});
