import type { DataSource } from 'typeorm';
import { dropSchema, openDataSource } from './data-source';
import { inOwnTransaction } from './own-transaction';
import { TEST_DATABASE_URL, uniqueName } from '../../../tests/support/servers';

describe('inOwnTransaction: a transaction whose BEGIN and COMMIT ride on its own statements', () => {
  const schema = uniqueName('owntx').toLowerCase();
  /** One connection, so the statement after a transaction runs on the connection the transaction used. */
  let db: DataSource;

  beforeAll(async () => {
    db = await openDataSource({ url: TEST_DATABASE_URL, poolSize: 1, migrations: [], schema });
    await db.query('CREATE TABLE notes (id int PRIMARY KEY)');
  });

  afterAll(async () => {
    await db?.destroy();
    await dropSchema(TEST_DATABASE_URL, schema);
  });

  const ids = async (): Promise<number[]> => (await db.query('SELECT id FROM notes ORDER BY id')).map((row: { id: number }) => row.id);

  it('keeps what the work commits', async () => {
    await inOwnTransaction(db, async (runner) => {
      await runner.query('BEGIN; INSERT INTO notes VALUES (1)');
      await runner.query('INSERT INTO notes VALUES (2); COMMIT');
    });
    expect(await ids()).toEqual([1, 2]);
  });

  it('rolls back what the work wrote before it threw, and throws its error', async () => {
    await expect(
      inOwnTransaction(db, async (_runner, client) => {
        await client.query('BEGIN; INSERT INTO notes VALUES (3)');
        throw new Error('the append failed');
      }),
    ).rejects.toThrow('the append failed');
    expect(await ids()).toEqual([1, 2]);
  });

  it('hands the connection back usable when the statement that opened the transaction failed after its BEGIN', async () => {
    await expect(inOwnTransaction(db, (runner) => runner.query('BEGIN; SELECT 1 / 0'))).rejects.toThrow('division by zero');
    await expect(db.query('SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
  });
});
