import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Sessions1764400000100 implements MigrationInterface {
  name = 'Sessions1764400000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS sessions (
        account_id text NOT NULL,
        id text NOT NULL,
        source text,
        title text,
        cwd text,
        git_branch text,
        developer text,
        started_at timestamptz,
        ended_at timestamptz,
        end_reason text,
        -- each event type owns its columns, so each keeps its own sequence guard
        started_seq bigint,
        ended_seq bigint,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS sessions_by_start ON sessions (account_id, started_at DESC, id)`,
    );
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS turns (
        account_id text NOT NULL,
        session_id text NOT NULL,
        seq integer NOT NULL,
        role text NOT NULL,
        text text NOT NULL,
        tool_calls jsonb,
        is_sidechain boolean NOT NULL DEFAULT false,
        occurred_at timestamptz NOT NULL,
        event_id uuid NOT NULL,
        last_seq bigint NOT NULL,
        search tsvector GENERATED ALWAYS AS (to_tsvector('english', left(text, 100000))) STORED,
        PRIMARY KEY (account_id, session_id, seq)
      )`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS turns_search ON turns USING GIN (search)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS turns`);
    await queryRunner.query(`DROP TABLE IF EXISTS sessions`);
  }
}
