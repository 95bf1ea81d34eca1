import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Skill candidates (docs/learning.md): what discovery proposed, what a person changed, and where it
 * stands (proposed, accepted, dismissed). Each part has its own sequence guard.
 */
export class LearningSkills1765100000200 implements MigrationInterface {
  name = 'LearningSkills1765100000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS learning_skill_candidates (
        account_id text NOT NULL,
        candidate_id text NOT NULL,
        project text,
        name text NOT NULL,
        description text NOT NULL,
        steps jsonb NOT NULL,
        files text[] NOT NULL,
        commands text[] NOT NULL,
        source_session_ids text[] NOT NULL,
        status text NOT NULL DEFAULT 'proposed',
        edited boolean NOT NULL DEFAULT false,
        proposed_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        proposed_seq bigint NOT NULL DEFAULT 0,
        edited_seq bigint NOT NULL DEFAULT 0,
        status_seq bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, candidate_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS learning_skill_candidates`);
  }
}
