import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each plan keeps its one-sentence progress line, so readers outside memory (the context) need no plan rules. */
export class PlanProgress1764400005300 implements MigrationInterface {
  name = 'PlanProgress1764400005300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE plans ADD COLUMN IF NOT EXISTS progress_line text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE plans DROP COLUMN IF EXISTS progress_line`);
  }
}
