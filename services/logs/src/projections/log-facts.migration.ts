import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The logs service's read models: templates with their facts, lines per hour, and each source's position. */
export class LogFacts1765000000100 implements MigrationInterface {
  name = 'LogFacts1765000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS log_templates (
        account_id text NOT NULL,
        project text NOT NULL,
        template_id text NOT NULL,
        template text NOT NULL,
        count bigint NOT NULL DEFAULT 0,
        first_seen_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        severity text NOT NULL DEFAULT 'unknown',
        severities jsonb NOT NULL DEFAULT '{}',
        units jsonb NOT NULL DEFAULT '{}',
        hosts jsonb NOT NULL DEFAULT '{}',
        examples jsonb NOT NULL DEFAULT '[]',
        shapes jsonb NOT NULL DEFAULT '{}',
        first_seq bigint NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, project, template_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS log_template_hours (
        account_id text NOT NULL,
        project text NOT NULL,
        template_id text NOT NULL,
        hour timestamptz NOT NULL,
        count bigint NOT NULL,
        PRIMARY KEY (account_id, project, template_id, hour)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS log_source_positions (
        account_id text NOT NULL,
        project text NOT NULL,
        source_id text NOT NULL,
        cursor text,
        lines bigint NOT NULL DEFAULT 0,
        skipped bigint NOT NULL DEFAULT 0,
        windows bigint NOT NULL DEFAULT 0,
        last_window_at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, project, source_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS log_templates_last_seen ON log_templates (account_id, last_seen_at DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['log_source_positions', 'log_template_hours', 'log_templates'])
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
  }
}

/** A source's position keeps the sequences of its windows not yet below the checkpoint: each counts once. */
export class LogWindowsCountedOnce1765400000100 implements MigrationInterface {
  name = 'LogWindowsCountedOnce1765400000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE log_source_positions ADD COLUMN IF NOT EXISTS applied_seqs bigint[] NOT NULL DEFAULT '{}'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE log_source_positions DROP COLUMN IF EXISTS applied_seqs`);
  }
}
