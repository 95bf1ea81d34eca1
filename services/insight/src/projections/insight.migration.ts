import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The insight service's own read models: its copy of the artifacts it compares, and the insights with their status. */
export class Insight1764900000200 implements MigrationInterface {
  name = 'Insight1764900000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS insight_artifacts (
        account_id text NOT NULL,
        id text NOT NULL,
        title text NOT NULL,
        content text NOT NULL,
        saved_at timestamptz NOT NULL,
        first_seq bigint NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS insight_items (
        account_id text NOT NULL,
        id text NOT NULL,
        kind text NOT NULL,
        summary text NOT NULL,
        artifact_a text NOT NULL,
        artifact_b text NOT NULL,
        status text NOT NULL,
        detected_at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['insight_items', 'insight_artifacts'])
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
