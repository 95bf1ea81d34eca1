import type { DataSource } from 'typeorm';
import { inOwnTransaction } from './own-transaction';
import { Scratch } from '../../../tests/support/scratch';

describe('inOwnTransaction: a transaction whose BEGIN and COMMIT ride on its own statements', () => {
  const scratch = new Scratch('owntx');
  /** One connection, so the statement after a transaction runs on the connection the transaction used. */
  let db: DataSource;

  beforeAll(async () => {
    db = await scratch.db([], 1);
    await db.query('CREATE TABLE notes (id int PRIMARY KEY)');
  });

  afterAll(() => scratch.drop());

  const ids = async (): Promise<number[]> =>
    (await db.query('SELECT id FROM notes ORDER BY id')).map((row: { id: number }) => row.id);

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
    await expect(
      inOwnTransaction(db, (runner) => runner.query('BEGIN; SELECT 1 / 0')),
    ).rejects.toThrow('division by zero');
    await expect(db.query('SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
  });
});
