import type { DataSource } from 'typeorm';
import type { CostPoolName } from '../domain/cost-pools';

/** The deployment's caps with the account's admin overrides (cost_caps) laid over them. */
export async function effectiveCaps(
  db: Pick<DataSource, 'query'>,
  account: string,
  defaults: Readonly<Record<CostPoolName, number>>,
): Promise<Record<CostPoolName, number>> {
  const rows: Array<{ pool: CostPoolName; cap_usd: string }> = await db.query(
    `SELECT pool, cap_usd FROM cost_caps WHERE account_id = $1`,
    [account],
  );
  const caps = { ...defaults };
  for (const row of rows) if (row.pool in caps) caps[row.pool] = Number(row.cap_usd);
  return caps;
}
