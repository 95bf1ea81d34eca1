import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The learning corpus's inputs (docs/learning.md): one row per session (where, when, how it ended)
 * and one per turn (what the person asked, which tools ran on which files with which commands, and
 * what failed). Failed clusters and skill candidates are computed from these rows.
 */
export class Learning1765100000100 implements MigrationInterface {
  name = 'Learning1765100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS learning_sessions (
        account_id text NOT NULL,
        session_id text NOT NULL,
        project text,
        started_at timestamptz,
        outcome text NOT NULL DEFAULT 'unknown',
        first_user_turn text,
        files_edited text[] NOT NULL DEFAULT '{}',
        started_seq bigint NOT NULL DEFAULT 0,
        outcome_seq bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, session_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS learning_turns (
        account_id text NOT NULL,
        session_id text NOT NULL,
        seq int NOT NULL,
        role text NOT NULL,
        -- what a person typed (wrappers stripped, cut); empty for the assistant's turns
        text text NOT NULL,
        -- [{name, file?, command?, error?}]
        tools jsonb NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, session_id, seq)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS learning_turns`);
    await queryRunner.query(`DROP TABLE IF EXISTS learning_sessions`);
  }
}
