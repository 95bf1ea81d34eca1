import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The segment summaries: what compaction stores. (Older deployments also made segment_pauses and
 * quiet_extractions here; memory's own migration owns them now and creates them if missing.)
 */
export class Compaction1764400006100 implements MigrationInterface {
  name = 'Compaction1764400006100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS segment_summaries (
        account_id text NOT NULL,
        session_id text NOT NULL,
        segment int NOT NULL,
        summary text NOT NULL,
        model text NOT NULL,
        input_tokens int NOT NULL,
        output_tokens int NOT NULL,
        created_at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, session_id, segment)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS segment_summaries`);
  }
}
