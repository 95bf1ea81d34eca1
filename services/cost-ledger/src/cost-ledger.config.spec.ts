import { parseCostLedgerConfig } from './cost-ledger.config';

describe('parseCostLedgerConfig', () => {
  it('defaults to the seed caps, a five-minute hold and failing open', () => {
    expect(parseCostLedgerConfig({})).toEqual({
      caps: { compaction: 0.5, session: 0.35, profile: 0.15 },
      reservationTtlMs: 300_000,
      sweepIntervalMs: 30_000,
      requestTimeoutMs: 2000,
      failOpen: true,
      secretKey: null,
    });
  });

  it('reads each cap from its own variable', () => {
    const config = parseCostLedgerConfig({
      MNEMO_CAP_COMPACTION_USD: '2',
      MNEMO_CAP_SESSION_USD: '0.7',
      MNEMO_CAP_PROFILE_USD: '0',
    });
    expect(config.caps).toEqual({ compaction: 2, session: 0.7, profile: 0 });
  });

  it('lets the ledger switch win over the runtime switch for failing open', () => {
    expect(parseCostLedgerConfig({ MNEMO_COST_GUARD_FAIL_OPEN: 'false' }).failOpen).toBe(false);
    expect(
      parseCostLedgerConfig({
        MNEMO_COST_GUARD_FAIL_OPEN: 'false',
        MNEMO_COST_LEDGER_FAIL_OPEN: '1',
      }).failOpen,
    ).toBe(true);
    expect(parseCostLedgerConfig({ MNEMO_COST_LEDGER_FAIL_OPEN: 'false' }).failOpen).toBe(false);
  });

  it('refuses a negative cap rather than silently granting nothing or everything', () => {
    expect(() => parseCostLedgerConfig({ MNEMO_CAP_SESSION_USD: '-1' })).toThrow(
      /MNEMO_CAP_SESSION_USD: /,
    );
    expect(() => parseCostLedgerConfig({ MNEMO_CAP_SESSION_USD: 'lots' })).toThrow(
      /MNEMO_CAP_SESSION_USD: /,
    );
  });
});
