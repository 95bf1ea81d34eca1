import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1764400000050 implements MigrationInterface {
  name = 'Accounts1764400000050';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS accounts (
        id text PRIMARY KEY,
        name text NOT NULL,
        api_key_hash text NOT NULL UNIQUE,
        api_key_prefix text NOT NULL,
        created_at timestamptz NOT NULL,
        last_seq bigint NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS accounts`);
  }
}
