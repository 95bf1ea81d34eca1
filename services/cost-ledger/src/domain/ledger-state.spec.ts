import fc from 'fast-check';
import { DEFAULT_CAPS, type CostPoolName } from './cost-pools';
import { toMicros } from './reservation';
import {
  balanceOf,
  commit,
  emptyLedger,
  expire,
  expiredReservations,
  release,
  reserve,
  type LedgerState,
} from './ledger-state';
import { itemAt } from '@mnemo/testing';

const T0 = new Date('2026-06-01T10:00:00Z');
const caps = DEFAULT_CAPS;
const req = (id: string, worstCaseUsd: number, pools: CostPoolName[] = ['session'], now = T0) => ({
  reservationId: id,
  pools,
  worstCaseUsd,
  caps,
  now,
  ttlMs: 60_000,
});

describe('ledger state', () => {
  it('holds the worst case in every pool of the call', () => {
    const { state, decision } = reserve(emptyLedger(), req('r1', 0.1, ['compaction', 'session']));
    expect(decision.granted).toBe(true);
    expect(balanceOf(state, '2026-06-01', 'compaction')).toEqual({ spentUsd: 0, reservedUsd: 0.1 });
    expect(balanceOf(state, '2026-06-01', 'session')).toEqual({ spentUsd: 0, reservedUsd: 0.1 });
  });

  it('refuses the reservation that would overshoot while an earlier one is still open', () => {
    const first = reserve(emptyLedger(), req('r1', 0.3));
    const second = reserve(first.state, req('r2', 0.1));
    expect(second.decision).toMatchObject({ granted: false, pool: 'session' });
    expect(second.state).toBe(first.state);
  });

  it('does not hold twice for a retried reservation id', () => {
    const first = reserve(emptyLedger(), req('r1', 0.1));
    const again = reserve(first.state, req('r1', 0.1));
    expect(again.decision.granted).toBe(true);
    expect(balanceOf(again.state, '2026-06-01', 'session').reservedUsd).toBe(0.1);
  });

  it('commits the real cost against the day the hold was granted, even after midnight', () => {
    const { state } = reserve(
      emptyLedger(),
      req('r1', 0.1, ['session'], new Date('2026-06-01T23:59:59Z')),
    );
    const done = commit(state, {
      reservationId: 'r1',
      pools: ['session'],
      day: '2026-06-02',
      costUsd: 0.03,
    });
    expect(done.matched).toBe(true);
    expect(balanceOf(done.state, '2026-06-01', 'session')).toEqual({
      spentUsd: 0.03,
      reservedUsd: 0,
    });
    expect(balanceOf(done.state, '2026-06-02', 'session')).toEqual({ spentUsd: 0, reservedUsd: 0 });
  });

  it('records a late commit whose reservation expired, because the money was spent', () => {
    const held = reserve(emptyLedger(), req('r1', 0.3)).state;
    const expired = expire(held, new Date(T0.getTime() + 60_000)).state;
    const late = commit(expired, {
      reservationId: 'r1',
      pools: ['session'],
      day: '2026-06-01',
      costUsd: 0.36,
    });
    expect(late.matched).toBe(false);
    expect(balanceOf(late.state, '2026-06-01', 'session')).toEqual({
      spentUsd: 0.36,
      reservedUsd: 0,
    });
    expect(reserve(late.state, req('r2', 0.01)).decision.granted).toBe(false);
  });

  it('releases on failure and ignores an unknown id', () => {
    const held = reserve(emptyLedger(), req('r1', 0.2)).state;
    const released = release(held, 'r1');
    expect(balanceOf(released, '2026-06-01', 'session')).toEqual({ spentUsd: 0, reservedUsd: 0 });
    expect(release(released, 'r1')).toBe(released);
  });

  it('expires only reservations at or past their expiry', () => {
    let state = reserve(emptyLedger(), req('old', 0.1)).state;
    state = reserve(state, { ...req('new', 0.1), now: new Date(T0.getTime() + 30_000) }).state;
    const at = new Date(T0.getTime() + 60_000);
    expect(expiredReservations(Object.values(state.open), at).map((r) => r.reservationId)).toEqual([
      'old',
    ]);
    const after = expire(state, at);
    expect(Object.keys(after.state.open)).toEqual(['new']);
    expect(balanceOf(after.state, '2026-06-01', 'session').reservedUsd).toBe(0.1);
  });
});

type Op =
  | { kind: 'reserve'; worst: number; pools: CostPoolName[] }
  | { kind: 'commit'; pick: number; fraction: number }
  | { kind: 'release'; pick: number }
  | { kind: 'expire'; advanceMs: number };

const poolSets: CostPoolName[][] = [['compaction', 'session'], ['session'], ['profile']];
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('reserve' as const),
    worst: fc.integer({ min: 0, max: 200_000 }).map((m) => m / 1_000_000),
    pools: fc.constantFrom(...poolSets),
  }),
  fc.record({
    kind: fc.constant('commit' as const),
    pick: fc.nat(),
    fraction: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('expire' as const),
    advanceMs: fc.integer({ min: 0, max: 90_000 }),
  }),
);

describe('ledger invariant (property)', () => {
  it('never lets spent + reserved exceed a cap over any sequence of reserve / commit / release / expire', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 80 }), (ops) => {
        let state: LedgerState = emptyLedger();
        let now = T0;
        ops.forEach((op, i) => {
          const open = Object.values(state.open);
          if (op.kind === 'reserve') {
            state = reserve(state, {
              reservationId: `r${i}`,
              pools: op.pools,
              worstCaseUsd: op.worst,
              caps,
              now,
              ttlMs: 60_000,
            }).state;
          } else if (op.kind === 'commit' && open.length > 0) {
            const r = itemAt(open, op.pick % open.length);
            // The worst case is an upper bound on the real cost by construction.
            const costUsd = Math.floor(toMicros(r.amountUsd) * op.fraction) / 1_000_000;
            state = commit(state, {
              reservationId: r.reservationId,
              pools: r.pools,
              day: r.day,
              costUsd,
            }).state;
          } else if (op.kind === 'release' && open.length > 0) {
            state = release(state, itemAt(open, op.pick % open.length).reservationId);
          } else if (op.kind === 'expire') {
            now = new Date(now.getTime() + op.advanceMs);
            state = expire(state, now).state;
          }
          for (const [k, b] of Object.entries(state.balances)) {
            const pool = k.split('|')[1] as CostPoolName;
            expect(toMicros(b.spentUsd) + toMicros(b.reservedUsd)).toBeLessThanOrEqual(
              toMicros(caps[pool]),
            );
            expect(b.reservedUsd).toBeGreaterThanOrEqual(0);
          }
        });
        // Once every hold is gone, nothing stays reserved.
        const drained = Object.keys(state.open).reduce((s, id) => release(s, id), state);
        for (const b of Object.values(drained.balances)) expect(toMicros(b.reservedUsd)).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
