import { allProjections } from '@mnemo/platform-service';
import type { Projection } from '@mnemo/persistence';

/** The statements a projection's migrations run up, recorded without a database. */
async function upStatements(projection: Projection): Promise<string[]> {
  const statements: string[] = [];
  const recorder = { query: async (sql: string) => (statements.push(sql), []) };
  for (const Migration of projection.migrations) await new Migration().up(recorder as never);
  return statements;
}

describe("projections' migrations", () => {
  // A replay recreates a projection's tables by dropping the ones it declares and running its migrations up
  // (recreateSchema): anything else a migration made would be left behind, or made twice.
  it.each(allProjections().map((projection) => [projection.name, projection] as const))(
    '%s creates only the tables it declares, and nothing but tables and their indexes',
    async (_name, projection) => {
      const statements = await upStatements(projection);
      const created = statements.flatMap((sql) =>
        [
          ...sql.matchAll(
            /CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([\w.]+)"?/gi,
          ),
        ].flatMap((m) => m[1] ?? []),
      );
      expect(created.filter((table) => !projection.tables.includes(table))).toEqual([]);
      expect(
        statements.filter((sql) =>
          /\bCREATE\s+(?:OR\s+REPLACE\s+)?(?!(?:UNLOGGED\s+)?TABLE\b|(?:UNIQUE\s+)?INDEX\b)\w+/i.test(
            sql,
          ),
        ),
      ).toEqual([]);
    },
  );
});
