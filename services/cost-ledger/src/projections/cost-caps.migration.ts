import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CostCaps1764400004400 implements MigrationInterface {
  name = 'CostCaps1764400004400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS cost_caps (
        account_id text NOT NULL,
        pool text NOT NULL,
        cap_usd numeric(14, 6) NOT NULL,
        set_at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, pool)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS cost_caps`);
  }
}
