import type { DataSource } from 'typeorm';
import type { Projection } from './projection';
import { oneRow } from './one-row';

/**
 * A checksum per projection table, equal for equal content whatever the physical row order:
 * the md5 of the sorted md5s of each row's text form.
 */
export async function checksumProjection(
  dataSource: DataSource,
  projection: Projection,
): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of projection.tables) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`invalid table name "${table}"`);
    const rows: Array<{ rows: string; sum: string | null }> = await dataSource.query(
      `SELECT count(*)::text AS rows, md5(coalesce(string_agg(h, '' ORDER BY h), '')) AS sum
       FROM (SELECT md5(t::text) AS h FROM ${table} t) hashed`,
    );
    const { rows: count, sum } = oneRow(rows, `checksum of ${table}`);
    sums[table] = `${count}:${sum}`;
  }
  return sums;
}
