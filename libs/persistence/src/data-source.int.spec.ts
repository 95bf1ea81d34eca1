import type { DataSource } from 'typeorm';
import { Scratch } from '../../../tests/support/scratch';
import { TEST_DATABASE_URL } from '../../../tests/support/servers';
import { until } from '../../../tests/support/own-servers';
import { KEPT_CONNECTIONS, openDataSource } from './data-source';

describe('openDataSource: the pool keeps warm connections through a quiet spell', () => {
  const scratch = new Scratch('pool');
  let db: DataSource;
  beforeAll(async () => {
    // A short idle time, so the test sees connections beyond the kept ones close.
    db = await openDataSource({
      url: TEST_DATABASE_URL,
      poolSize: 4,
      migrations: [],
      schema: scratch.name,
      idleConnectionMs: 50,
    });
  });
  afterAll(async () => {
    await db?.destroy();
    await scratch.drop();
  });

  const backend = async (): Promise<number> =>
    (await db.query('SELECT pg_backend_pid() AS pid'))[0].pid;
  const pool = () => (db.driver as unknown as { master: { totalCount: number } }).master;

  it('closes idle connections beyond the kept ones, and answers the next question on a kept one, not a new backend', async () => {
    // Four at once: the pool opens four connections.
    const busy = await Promise.all(
      Array.from(
        { length: 4 },
        async () =>
          (await db.query('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)'))[0].pid as number,
      ),
    );
    expect(new Set(busy).size).toBe(4);
    await until(
      'idle connections beyond the kept ones closed',
      () => pool().totalCount === KEPT_CONNECTIONS,
      10_000,
    );
    expect(busy).toContain(await backend());
  });
});

describe('openDataSource: prefetch for bitmap heap scans', () => {
  const scratch = new Scratch('prefetch');
  const opened: DataSource[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.destroy()));
    await scratch.drop();
  });

  const setting = async (ioConcurrency?: number) => {
    const db = await openDataSource({
      url: TEST_DATABASE_URL,
      poolSize: 2,
      migrations: [],
      schema: scratch.name,
      ioConcurrency,
    });
    opened.push(db);
    // `source` says who set it: 'client' for the connection's startup options, else the server's own
    const [row] = await db.query(
      `SELECT setting AS io, source, current_setting('search_path') AS path FROM pg_settings WHERE name = 'effective_io_concurrency'`,
    );
    return row;
  };

  it('starts every connection asking that many blocks ahead, in its schema still', async () => {
    await expect(setting(64)).resolves.toEqual({ io: '64', source: 'client', path: scratch.name });
  });

  it("leaves the server's own setting when none is given", async () => {
    const row = await setting();
    expect(row.path).toBe(scratch.name);
    expect(row.source).not.toBe('client');
  });
});
