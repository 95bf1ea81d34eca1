import type { StoredEventOf } from '@mnemo/contracts';
import type { Projection, Sql } from '@mnemo/persistence';
import { CostCaps1764400004400 } from './cost-caps.migration';

/** cost_caps: per-account overrides of the deployment's daily caps; the latest CostCapSet per pool wins. */
export const costCapsProjection: Projection = {
  name: 'cost_caps',
  handles: ['CostCapSet'],
  tables: ['cost_caps'],
  migrations: [CostCaps1764400004400],

  async apply(sql: Sql, stored: StoredEventOf): Promise<void> {
    const { event, seq } = stored;
    if (event.type !== 'CostCapSet') return;
    const p = event.payload;
    await sql.query(
      `INSERT INTO cost_caps (account_id, pool, cap_usd, set_at, last_seq) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id, pool) DO UPDATE SET cap_usd = EXCLUDED.cap_usd, set_at = EXCLUDED.set_at, last_seq = EXCLUDED.last_seq
       WHERE cost_caps.last_seq < EXCLUDED.last_seq`,
      [event.accountId, p.pool, p.capUsd, event.occurredAt, seq],
    );
  },
};
