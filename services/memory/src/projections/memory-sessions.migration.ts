import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What memory knows per session to bound its extractions: each segment pause and how its compaction
 * settled (extraction follows a skipped or failed summary too, and the next segment's window starts
 * after it), the quiet-time extraction marks, and per-session activity for the quiet-time sweep — one
 * row per session, with a partial index holding only the sessions that have turns nothing has read for
 * facts yet, so the sweep never scans a turns table.
 *
 * Older deployments made these tables in compaction's migrations: every statement here
 * leaves an existing table as it is, and the memory-sessions projection, new to them, re-applies the
 * log from its start on top (every write only moves forward).
 */
export class MemorySessions1764400005500 implements MigrationInterface {
  name = 'MemorySessions1764400005500';

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
    await queryRunner.query(`ALTER TABLE segment_pauses ADD COLUMN IF NOT EXISTS settled text`);
    await queryRunner.query(
      `ALTER TABLE segment_pauses ADD COLUMN IF NOT EXISTS settled_seq bigint`,
    );
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
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS session_activity (
        account_id text NOT NULL,
        session_id text NOT NULL,
        -- the log sequence and time of the newest turn
        last_turn_seq bigint NOT NULL DEFAULT 0,
        last_turn_at timestamptz,
        last_pause_at timestamptz,
        -- turns up to this log sequence were read for facts already (by a pause or a quiet-time extraction)
        read_through_seq bigint NOT NULL DEFAULT 0,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, session_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS session_activity_unread ON session_activity (last_turn_at) WHERE last_turn_seq > read_through_seq`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['session_activity', 'quiet_extractions', 'segment_pauses'])
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
