import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SessionOutcomes1764400031417 implements MigrationInterface {
  name = 'SessionOutcomes1764400031417';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS session_outcomes (
        account_id text NOT NULL,
        session_id text NOT NULL,
        summary text NOT NULL,
        first_user_turn text NOT NULL,
        last_assistant_turn text NOT NULL,
        files_read jsonb NOT NULL,
        files_edited jsonb NOT NULL,
        tools_called jsonb NOT NULL,
        commit_shas jsonb NOT NULL,
        started_at timestamptz,
        ended_at timestamptz,
        cwd text,
        git_branch text,
        outcome text NOT NULL,
        recorded_at timestamptz NOT NULL,
        event_id uuid NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, session_id)
      )`);
    // the loop re-judges recent sessions whose verdict git may still change
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS session_outcomes_by_end ON session_outcomes (account_id, outcome, ended_at DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS session_outcomes`);
  }
}
