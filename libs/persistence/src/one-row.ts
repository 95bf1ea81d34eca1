/**
 * The row of a query that always answers exactly one (`SHOW …`, `SELECT count(*)`, an advisory lock):
 * anything else means the query is not the one the caller thinks it is.
 */
export function oneRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (rows.length !== 1 || row === undefined)
    throw new Error(`${what}: expected one row, got ${rows.length}`);
  return row;
}
