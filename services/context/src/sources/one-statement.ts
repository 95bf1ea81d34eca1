/** One account-scoped query as a loader asks it: `$1` is the account id, `$2…` its own parameters. */
export interface ScopedQuery {
  sql: string;
  params: readonly unknown[];
}

/**
 * Several account-scoped queries as one statement (a cold CLAUDE.md used to ask eleven statements,
 * one round trip and one pooled connection each). Each query becomes a column holding its rows as a
 * JSON array, `q0`, `q1`, … in the order given; `$1` stays the account id and each query's own
 * parameters are renumbered after those of the queries before it. A sorted subquery keeps its order
 * through json_agg (nothing joins or groups above it). Rows come back as JSON: timestamps as ISO
 * strings, bigints as numbers; the loaders read both shapes.
 */
export function oneStatement(queries: readonly ScopedQuery[]): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const columns = queries.map((query, index) => {
    const offset = params.length;
    params.push(...query.params);
    const sql = query.sql.replace(/\$(\d+)/g, (_, n: string) =>
      n === '1' ? '$1' : `$${Number(n) + offset}`,
    );
    return `(SELECT coalesce(json_agg(q), '[]'::json) FROM (${sql}) q) AS q${index}`;
  });
  return { text: `SELECT ${columns.join(',\n       ')}`, params };
}
