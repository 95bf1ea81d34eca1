import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The context's copy of what the life inventory events say, with exactly what the summary reads: the
 * account's own inventory types (merged over the shipped catalog) and its completed takes' scores.
 */
export class ContextLifeInventory1764900000300 implements MigrationInterface {
  name = 'ContextLifeInventory1764900000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS context_inventory_types (
        account_id text NOT NULL,
        inventory_type text NOT NULL,
        definition jsonb NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, inventory_type)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS context_inventory_takes (
        account_id text NOT NULL,
        take_id text NOT NULL,
        inventory_type text NOT NULL,
        scores jsonb NOT NULL,
        completed_at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, take_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS context_inventory_takes`);
    await queryRunner.query(`DROP TABLE IF EXISTS context_inventory_types`);
  }
}
