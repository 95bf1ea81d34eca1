import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The context's copy of the person's day series: what a measured plan's progress line reads (docs/day-series.md). */
export class ContextDaySeries1765300000200 implements MigrationInterface {
  name = 'ContextDaySeries1765300000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS context_measurement_samples (
        account_id text NOT NULL,
        metric text NOT NULL,
        sample_key text NOT NULL,
        unit text NOT NULL,
        day date NOT NULL,
        value double precision NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, metric, sample_key)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS context_measurement_days (
        account_id text NOT NULL,
        metric text NOT NULL,
        unit text NOT NULL,
        day date NOT NULL,
        value double precision NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, metric, unit, day)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS context_measurement_days`);
    await queryRunner.query(`DROP TABLE IF EXISTS context_measurement_samples`);
  }
}
