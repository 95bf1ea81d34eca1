import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The code service's read model: each file's symbol sets, stored once per content hash, and the
 * points of its history (a commit, an edit) that name one.
 */
export class CodeSnapshots1765100000100 implements MigrationInterface {
  name = 'CodeSnapshots1765100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS code_symbol_sets (
        account_id text NOT NULL,
        content_hash text NOT NULL,
        language text NOT NULL,
        line_count integer NOT NULL,
        symbols jsonb NOT NULL,
        PRIMARY KEY (account_id, content_hash)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS code_snapshots (
        account_id text NOT NULL,
        project text NOT NULL,
        path text NOT NULL,
        observed_at timestamptz NOT NULL,
        content_hash text NOT NULL,
        commit text,
        author text,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, project, path, observed_at, content_hash)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS code_snapshots_path ON code_snapshots (account_id, path, observed_at DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['code_snapshots', 'code_symbol_sets'])
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
