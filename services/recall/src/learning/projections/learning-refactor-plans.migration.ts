import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refactor plans (docs/learning.md): a multi-session change's goal, steps, files and status
 * (open, done, abandoned). Updates carry their own sequence guard.
 */
export class LearningRefactorPlans1765100000400 implements MigrationInterface {
  name = 'LearningRefactorPlans1765100000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS learning_refactor_plans (
        account_id text NOT NULL,
        plan_id text NOT NULL,
        project text,
        goal text NOT NULL,
        steps jsonb NOT NULL,
        files text[] NOT NULL,
        status text NOT NULL DEFAULT 'open',
        recorded_in_session text,
        recorded_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        updated_seq bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, plan_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS learning_refactor_plans_status ON learning_refactor_plans (account_id, status)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS learning_refactor_plans`);
  }
}
