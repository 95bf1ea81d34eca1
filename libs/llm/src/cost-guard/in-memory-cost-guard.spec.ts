import fc from 'fast-check';
import type { ReserveCost } from './cost-guard.port';
import { InMemoryCostGuard } from './in-memory-cost-guard';

const ask = (worstCaseUsd: number, overrides: Partial<ReserveCost> = {}): ReserveCost => ({
  account: 'acc-1',
  pools: ['session'],
  label: 'memory',
  model: 'claude-haiku-4-5',
  worstCaseUsd,
  ...overrides,
});

describe('InMemoryCostGuard', () => {
  it('refuses a reservation that would pass the cap, naming the pool', async () => {
    const guard = new InMemoryCostGuard();
    const first = await guard.reserve(ask(0.3));
    if (!first.granted) throw new Error('expected a grant');
    await guard.commit(first.reservationId, { inputTokens: 100, outputTokens: 10, costUsd: 0.3 });
    await expect(guard.reserve(ask(0.06))).resolves.toEqual({
      granted: false,
      spentUsd: 0.3,
      capUsd: 0.35,
      pool: 'session',
    });
  });

  it('checks every pool a call counts toward', async () => {
    const guard = new InMemoryCostGuard({ capsUsd: { compaction: 1, session: 0.1 } });
    await expect(
      guard.reserve(ask(0.2, { pools: ['compaction', 'session'] })),
    ).resolves.toMatchObject({ granted: false, pool: 'session' });
  });

  it('frees the budget of a released reservation', async () => {
    const guard = new InMemoryCostGuard();
    const held = await guard.reserve(ask(0.3));
    await expect(guard.reserve(ask(0.3))).resolves.toMatchObject({ granted: false });
    if (held.granted) await guard.release(held.reservationId);
    await expect(guard.reserve(ask(0.3))).resolves.toMatchObject({ granted: true });
  });

  it('resets at UTC midnight', async () => {
    let now = new Date('2025-03-01T23:59:00Z');
    const guard = new InMemoryCostGuard({ now: () => now });
    const held = await guard.reserve(ask(0.35));
    if (held.granted)
      await guard.commit(held.reservationId, { inputTokens: 1, outputTokens: 1, costUsd: 0.35 });
    await expect(guard.reserve(ask(0.01))).resolves.toMatchObject({ granted: false });
    now = new Date('2025-03-02T00:00:01Z');
    await expect(guard.reserve(ask(0.01))).resolves.toMatchObject({ granted: true });
  });

  it('lets a never-settled reservation expire', async () => {
    let now = new Date('2025-03-01T10:00:00Z');
    const guard = new InMemoryCostGuard({ now: () => now, reservationTtlMs: 60_000 });
    await guard.reserve(ask(0.35));
    await expect(guard.reserve(ask(0.01))).resolves.toMatchObject({ granted: false });
    now = new Date('2025-03-01T10:01:01Z');
    await expect(guard.reserve(ask(0.01))).resolves.toMatchObject({ granted: true });
    expect(guard.settled.map((s) => s.outcome)).toEqual(['expired']);
  });

  it('counts a settled reservation once', async () => {
    const guard = new InMemoryCostGuard();
    const held = await guard.reserve(ask(0.1));
    if (!held.granted) throw new Error('expected a grant');
    await guard.commit(held.reservationId, { inputTokens: 1, outputTokens: 1, costUsd: 0.05 });
    await guard.commit(held.reservationId, { inputTokens: 1, outputTokens: 1, costUsd: 0.05 });
    await guard.release(held.reservationId);
    expect(guard.spentUsd('acc-1', 'session')).toBe(0.05);
  });

  it('keeps accounts apart', async () => {
    const guard = new InMemoryCostGuard();
    await guard.reserve(ask(0.35, { account: 'a' }));
    await expect(guard.reserve(ask(0.35, { account: 'b' }))).resolves.toMatchObject({
      granted: true,
    });
  });

  it('never lets concurrent reservations overshoot a cap', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ min: 0.001, max: 0.2, noNaN: true }), { minLength: 1, maxLength: 40 }),
        async (costs) => {
          const guard = new InMemoryCostGuard();
          const results = await Promise.all(costs.map((cost) => guard.reserve(ask(cost))));
          const granted = costs
            .filter((_, i) => results[i]?.granted)
            .reduce((sum, cost) => sum + cost, 0);
          expect(granted).toBeLessThanOrEqual(0.35 + 1e-9);
        },
      ),
    );
  });
});
