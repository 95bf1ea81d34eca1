import type { DataSource } from 'typeorm';
import { maintainDatabase } from './maintenance';
import { eventually, itemAt } from '@mnemo/testing';
import { Scratch } from '../../../tests/support/scratch';

describe('database maintenance', () => {
  const scratch = new Scratch('maint');
  let db: DataSource;
  beforeAll(async () => {
    db = await scratch.db([], 3);
    await db.query(`CREATE TABLE churn (id int PRIMARY KEY, n int NOT NULL)`);
    await db.query(`CREATE TABLE steady (id int PRIMARY KEY)`);
  });
  afterAll(() => scratch.drop());

  /** A table's figure in the server's statistics, flushed first: dead rows, or manual vacuums. */
  const tableStat = async (column: 'n_dead_tup' | 'vacuum_count', table: string) => {
    await db.query('SELECT pg_stat_force_next_flush()');
    const [row]: Array<{ n: number }> = await db.query(
      `SELECT ${column}::int AS n FROM pg_stat_user_tables WHERE schemaname = current_schema() AND relname = $1`,
      [table],
    );
    return row?.n ?? 0;
  };
  const dead = (table: string) => tableStat('n_dead_tup', table);
  const vacuums = (table: string) => tableStat('vacuum_count', table);

  it('compacts the accepted ids before a time, keeping ids from before keys had an account', async () => {
    await db.query(
      `INSERT INTO accepted_event_ids (stream, account_id, event_id, seq, accepted_at) VALUES
       ('raw', 'a', 'old', 1, '2026-01-01'), ('events', 'a', 'old', 1, '2026-01-01'),
       ('raw', '', 'legacy', 2, '2026-01-01'), ('raw', 'a', 'new', 3, '2026-01-03')`,
    );
    await expect(maintainDatabase(db, new Date('2026-01-02'))).resolves.toMatchObject({
      compactedIds: 2,
    });
    const left: Array<{ event_id: string }> = await db.query(
      `SELECT event_id FROM accepted_event_ids ORDER BY event_id`,
    );
    expect(left.map((r) => r.event_id)).toEqual(['legacy', 'new']);
  });

  it('vacuums the rows it compacted in the same round when the server runs without autovacuum', async () => {
    await db.query(
      `INSERT INTO accepted_event_ids (stream, account_id, event_id, seq, accepted_at)
       SELECT 'raw', 'a', 'bulk-' || n, n, '2026-01-02T06:00Z' FROM generate_series(1, 3000) AS n`,
    );
    await db.query('VACUUM accepted_event_ids');
    const { autovacuum } = itemAt<{ autovacuum: string }>(await db.query('SHOW autovacuum'), 0);
    const report = await maintainDatabase(db, new Date('2026-01-02T12:00Z'));
    expect(report?.compactedIds).toBe(3000);
    expect(report?.vacuumed.includes(`${scratch.name}.accepted_event_ids`)).toBe(
      autovacuum === 'off',
    );
  });

  it('vacuums the tables whose dead rows pass autovacuum’s threshold when the server runs without it, and only those', async () => {
    // one connection writes and then flushes its statistics at once (else up to 10 s after, when idle)
    const writer = db.createQueryRunner();
    await writer.connect();
    try {
      await writer.query(`INSERT INTO churn SELECT n, 0 FROM generate_series(1, 2000) AS n`);
      await writer.query(`INSERT INTO steady SELECT n FROM generate_series(1, 2000) AS n`);
      for (let round = 1; round <= 3; round += 1)
        await writer.query(`UPDATE churn SET n = ${round}`);
      await writer.query(`DELETE FROM steady WHERE id <= 10`);
      await writer.query('SELECT pg_stat_force_next_flush()');
      await writer.query('SELECT 1');
    } finally {
      await writer.release();
    }
    await eventually(
      () => dead('churn'),
      (n) => n > 1000,
    );
    const { autovacuum } = itemAt<{ autovacuum: string }>(await db.query('SHOW autovacuum'), 0);
    const report = await maintainDatabase(db, new Date(0));
    if (autovacuum === 'on') {
      // the server's own autovacuum keeps the tables; the round leaves them to it
      expect(report?.vacuumed).toEqual([]);
      return;
    }
    expect(report?.vacuumed).toContain(`${scratch.name}.churn`);
    expect(report?.vacuumed).not.toContain(`${scratch.name}.steady`);
    // the server's count of vacuums, not the dead rows left: a transaction elsewhere on a shared server
    // (another suite's) can keep VACUUM from removing rows it still sees
    await eventually(
      () => vacuums('churn'),
      (n) => n === 1,
    );
    await expect(vacuums('steady')).resolves.toBe(0);
  });

  it('leaves a round to the process that holds it', async () => {
    const other = db.createQueryRunner();
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [0x6d6e7476]);
      await expect(maintainDatabase(db, new Date(0))).resolves.toBeNull();
    } finally {
      await other.query('SELECT pg_advisory_unlock($1)', [0x6d6e7476]);
      await other.release();
    }
  });
});
