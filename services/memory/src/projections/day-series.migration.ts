import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The person's own day series (docs/day-series.md): each measurement once, by its key, and each
 * metric's value per day in its unit. A plan keeps the metric and target it measures itself by.
 */
export class DaySeries1765300000100 implements MigrationInterface {
  name = 'DaySeries1765300000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS measurement_samples (
        account_id text NOT NULL,
        metric text NOT NULL,
        sample_key text NOT NULL,
        unit text NOT NULL,
        day date NOT NULL,
        value double precision NOT NULL,
        source text NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, metric, sample_key)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS measurement_samples_day ON measurement_samples (account_id, metric, unit, day)`,
    );
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS measurement_days (
        account_id text NOT NULL,
        metric text NOT NULL,
        unit text NOT NULL,
        day date NOT NULL,
        value double precision NOT NULL,
        samples int NOT NULL,
        aggregation text NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, metric, unit, day)
      )`);
    await queryRunner.query(`ALTER TABLE plans ADD COLUMN IF NOT EXISTS measure jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE plans DROP COLUMN IF EXISTS measure`);
    await queryRunner.query(`DROP TABLE IF EXISTS measurement_days`);
    await queryRunner.query(`DROP TABLE IF EXISTS measurement_samples`);
  }
}
