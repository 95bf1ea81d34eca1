import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TranscriptIngestRuns1764400031418 implements MigrationInterface {
  name = 'TranscriptIngestRuns1764400031418';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS transcript_ingest_runs (
        account_id text NOT NULL,
        run_id uuid NOT NULL,
        trigger text NOT NULL,
        root text NOT NULL,
        status text NOT NULL,
        started_at timestamptz NOT NULL,
        finished_at timestamptz NOT NULL,
        duration_ms integer NOT NULL,
        since timestamptz,
        watermark timestamptz,
        files integer NOT NULL,
        sessions integer NOT NULL,
        turns integer NOT NULL,
        events integer NOT NULL,
        skipped_files integer NOT NULL,
        skipped_lines integer NOT NULL,
        outcomes_updated integer NOT NULL,
        error text,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, run_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS transcript_ingest_runs_latest ON transcript_ingest_runs (account_id, finished_at DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS transcript_ingest_runs`);
  }
}
