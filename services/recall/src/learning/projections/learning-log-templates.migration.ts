import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The log facts the learning corpus counts (docs/learning.md): each template a project's logs showed, once. */
export class LearningLogTemplates1765100000300 implements MigrationInterface {
  name = 'LearningLogTemplates1765100000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS learning_log_templates (
        account_id text NOT NULL,
        project text NOT NULL,
        template_id text NOT NULL,
        first_seen_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, project, template_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS learning_log_templates`);
  }
}
