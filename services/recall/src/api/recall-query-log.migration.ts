import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Agent queries (recall, prior work, prior decisions) with their hit and latency: live operational state for the stats, not a projection. */
export class RecallQueryLog1764500000300 implements MigrationInterface {
  name = 'RecallQueryLog1764500000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS recall_queries (
        account_id text NOT NULL,
        kind text NOT NULL,
        at timestamptz NOT NULL,
        hits int NOT NULL,
        latency_ms real NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS recall_queries_at ON recall_queries (at, account_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS recall_queries`);
  }
}
