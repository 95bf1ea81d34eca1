import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Segment pauses, their summaries and the quiet-time extraction marks: what compaction knows per session. */
export class Compaction1764400006100 implements MigrationInterface {
  name = 'Compaction1764400006100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS segment_pauses (
        account_id text NOT NULL,
        session_id text NOT NULL,
        segment int NOT NULL,
        paused_at timestamptz NOT NULL,
        -- the log sequence of the pause: a segment's turns are those stored after the previous pause, up to this one
        paused_seq bigint NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, session_id, segment)
      )`);
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
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS quiet_extractions (
        account_id text NOT NULL,
        session_id text NOT NULL,
        through_seq bigint NOT NULL,
        last_turn_at timestamptz NOT NULL,
        outcome text NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, session_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['quiet_extractions', 'segment_summaries', 'segment_pauses']) await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
