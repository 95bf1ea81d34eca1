import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The medications module is a switch of its own beside the health module (docs/context.md). */
export class MedicationsModule1765000003700 implements MigrationInterface {
  name = 'MedicationsModule1765000003700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE account_settings ADD COLUMN IF NOT EXISTS medications_module_on boolean NOT NULL DEFAULT false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE account_settings DROP COLUMN IF EXISTS medications_module_on`,
    );
  }
}
