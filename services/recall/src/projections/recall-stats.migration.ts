import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What recall's stats need from other services, projected from their events (every table has one
 * owner, so no SQL here names theirs): memory ids and whether they are live, the transcript loop's
 * runs, and each settled model call's spend, keyed by its event so a redelivery counts once.
 */
export class RecallStats1764500000200 implements MigrationInterface {
  name = 'RecallStats1764500000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS recall_memory_ids (
        account_id text NOT NULL,
        fact_id text NOT NULL,
        live boolean NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, fact_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS recall_ingest_runs (
        account_id text NOT NULL,
        run_id text NOT NULL,
        trigger text NOT NULL,
        finished_at timestamptz NOT NULL,
        duration_ms int NOT NULL,
        sessions int NOT NULL,
        error text,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, run_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS recall_spend (
        account_id text NOT NULL,
        event_id text NOT NULL,
        day date NOT NULL,
        pool text NOT NULL,
        cost_usd numeric NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, event_id, pool)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['recall_spend', 'recall_ingest_runs', 'recall_memory_ids'])
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
