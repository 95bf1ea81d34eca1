import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FeatureEvents1764400004300 implements MigrationInterface {
  name = 'FeatureEvents1764400004300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS feature_events (
        event_id uuid PRIMARY KEY,
        account_id text NOT NULL,
        name text NOT NULL,
        action text NOT NULL,
        metadata jsonb NOT NULL,
        occurred_at timestamptz NOT NULL,
        last_seq bigint NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS feature_events_by_action ON feature_events (account_id, action, occurred_at DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS feature_events`);
  }
}
