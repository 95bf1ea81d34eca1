import { decideReservation, releaseHold, settle, type PoolBalance } from './reservation';

const pool = (over: Partial<PoolBalance> = {}): PoolBalance => ({
  pool: 'session',
  capUsd: 0.35,
  spentUsd: 0,
  reservedUsd: 0,
  ...over,
});

describe('decideReservation', () => {
  it('grants when the worst case fits exactly up to the cap', () => {
    expect(
      decideReservation({ pools: [pool({ spentUsd: 0.1, reservedUsd: 0.2 })], worstCaseUsd: 0.05 }),
    ).toEqual({
      granted: true,
    });
  });

  it('counts open reservations, not only spend, so concurrent calls cannot overshoot', () => {
    expect(
      decideReservation({ pools: [pool({ spentUsd: 0.1, reservedUsd: 0.2 })], worstCaseUsd: 0.06 }),
    ).toEqual({
      granted: false,
      pool: 'session',
      spentUsd: 0.1,
      reservedUsd: 0.2,
      capUsd: 0.35,
    });
  });

  it('needs room in every pool and names the first one that is full', () => {
    const decision = decideReservation({
      pools: [pool({ pool: 'compaction', capUsd: 0.5 }), pool({ pool: 'session', spentUsd: 0.34 })],
      worstCaseUsd: 0.02,
    });
    expect(decision).toMatchObject({ granted: false, pool: 'session', spentUsd: 0.34 });
  });

  it('refuses any positive amount once a pool is spent to its cap', () => {
    expect(
      decideReservation({ pools: [pool({ spentUsd: 0.35 })], worstCaseUsd: 0.000001 }).granted,
    ).toBe(false);
    expect(decideReservation({ pools: [pool({ spentUsd: 0.35 })], worstCaseUsd: 0 }).granted).toBe(
      true,
    );
  });

  it('rejects a negative or non-finite worst case and an empty pool list', () => {
    expect(() => decideReservation({ pools: [pool()], worstCaseUsd: -0.01 })).toThrow(RangeError);
    expect(() => decideReservation({ pools: [pool()], worstCaseUsd: Number.NaN })).toThrow(
      RangeError,
    );
    expect(() => decideReservation({ pools: [], worstCaseUsd: 0.01 })).toThrow(RangeError);
  });
});

describe('settle and releaseHold', () => {
  it('moves the hold out and the real cost in', () => {
    expect(settle({ spentUsd: 0.1, reservedUsd: 0.05 }, 0.05, 0.012)).toEqual({
      spentUsd: 0.112,
      reservedUsd: 0,
    });
  });

  it('adds cents without floating-point drift', () => {
    expect(settle({ spentUsd: 0.1, reservedUsd: 0.2 }, 0.2, 0.2)).toEqual({
      spentUsd: 0.3,
      reservedUsd: 0,
    });
  });

  it('never leaves a negative hold after a double release', () => {
    const once = releaseHold({ spentUsd: 0, reservedUsd: 0.05 }, 0.05);
    expect(releaseHold(once, 0.05)).toEqual({ spentUsd: 0, reservedUsd: 0 });
  });

  it('spends nothing on release', () => {
    expect(releaseHold({ spentUsd: 0.2, reservedUsd: 0.1 }, 0.04)).toEqual({
      spentUsd: 0.2,
      reservedUsd: 0.06,
    });
  });
});
