import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger's live balances. Not projections: reservations are operational state decided under row
 * locks, and what history needs (every settled call) is in the log as LlmCallSettled. A replay does
 * not touch these tables.
 */
export class CostLedger1764400004100 implements MigrationInterface {
  name = 'CostLedger1764400004100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS cost_pool_days (
        account_id text NOT NULL,
        pool text NOT NULL,
        day date NOT NULL,
        cap_usd numeric(14, 6) NOT NULL,
        spent_usd numeric(14, 6) NOT NULL DEFAULT 0,
        reserved_usd numeric(14, 6) NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, pool, day)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS cost_reservations (
        id text PRIMARY KEY,
        account_id text NOT NULL,
        pools text[] NOT NULL,
        day date NOT NULL,
        amount_usd numeric(14, 6) NOT NULL,
        expires_at timestamptz NOT NULL,
        -- open → committed | released | expired
        status text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS cost_reservations_open ON cost_reservations (expires_at) WHERE status = 'open'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS cost_reservations`);
    await queryRunner.query(`DROP TABLE IF EXISTS cost_pool_days`);
  }
}
