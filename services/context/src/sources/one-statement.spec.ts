import { oneStatement } from './one-statement';

describe('oneStatement', () => {
  it('keeps $1 as the account id and renumbers each query’s own parameters after the ones before it', () => {
    const { text, params } = oneStatement([
      { sql: 'SELECT a FROM x WHERE account_id = $1 LIMIT $2', params: [20] },
      { sql: 'SELECT b FROM y WHERE account_id = $1', params: [] },
      {
        sql: 'SELECT c FROM z WHERE account_id = $1 AND id = ANY($2::text[]) AND n > $3 AND m < $2',
        params: [['p'], 5],
      },
    ]);
    expect(text).toBe(
      [
        `SELECT (SELECT coalesce(json_agg(q), '[]'::json) FROM (SELECT a FROM x WHERE account_id = $1 LIMIT $2) q) AS q0,`,
        `       (SELECT coalesce(json_agg(q), '[]'::json) FROM (SELECT b FROM y WHERE account_id = $1) q) AS q1,`,
        `       (SELECT coalesce(json_agg(q), '[]'::json) FROM (SELECT c FROM z WHERE account_id = $1 AND id = ANY($3::text[]) AND n > $4 AND m < $3) q) AS q2`,
      ].join('\n'),
    );
    expect(params).toEqual([20, ['p'], 5]);
  });

  it('renumbers two-digit parameters whole', () => {
    const many = Array.from({ length: 11 }, (_, i) => i);
    const { text } = oneStatement([
      { sql: 'SELECT 1 WHERE $2 = $2', params: [0] },
      { sql: `SELECT 2 WHERE ${many.map((i) => `$${i + 2}`).join(' + ')} > 0`, params: many },
    ]);
    expect(text).toContain('$12 + $13 > 0');
    expect(text).not.toContain('$14');
  });
});
