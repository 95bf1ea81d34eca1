import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The session's project (SessionStarted's git root of its cwd), so a client can tell a repository's sessions apart. */
export class SessionsProject1764400031510 implements MigrationInterface {
  name = 'SessionsProject1764400031510';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sessions ADD COLUMN IF NOT EXISTS project text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sessions DROP COLUMN IF EXISTS project`);
  }
}
