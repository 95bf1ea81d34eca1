import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ProjectionCheckpoints1764400000000 implements MigrationInterface {
  name = 'ProjectionCheckpoints1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS projection_checkpoints (
        name text PRIMARY KEY,
        last_seq bigint NOT NULL DEFAULT 0
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS projection_checkpoints`);
  }
}
