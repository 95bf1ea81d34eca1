import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The life inventory: the account's own catalog entries, takes and their ratings. */
export class LifeInventory1764900000100 implements MigrationInterface {
  name = 'LifeInventory1764900000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS life_inventory_types (
        account_id text NOT NULL,
        inventory_type text NOT NULL,
        definition jsonb NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, inventory_type)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS life_inventory_takes (
        account_id text NOT NULL,
        take_id text NOT NULL,
        inventory_type text NOT NULL,
        status text NOT NULL,
        imported boolean NOT NULL DEFAULT false,
        scores jsonb,
        started_at timestamptz NOT NULL,
        completed_at timestamptz,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, take_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS life_inventory_ratings (
        account_id text NOT NULL,
        take_id text NOT NULL,
        item_id text NOT NULL,
        rating numeric NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, take_id, item_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['life_inventory_ratings', 'life_inventory_takes', 'life_inventory_types'])
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
