import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Live state of the host's sources (not a projection: how a process is doing, not what the log says). */
export class LogSourceStatus1765000000200 implements MigrationInterface {
  name = 'LogSourceStatus1765000000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS log_source_status (
        account_id text NOT NULL,
        project text NOT NULL,
        source_id text NOT NULL,
        kind text NOT NULL,
        state text NOT NULL,
        last_run_at timestamptz,
        last_error text,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (account_id, project, source_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE IF EXISTS log_source_status');
  }
}
