import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How each segment pause settled (so extraction can follow a skipped or failed summary too, and bound
 * the next segment's window by it), and per-session activity for the quiet-time sweep: one row per
 * session, with a partial index holding only the sessions that have turns nothing has read for facts
 * yet, so the sweep never scans the turns table.
 */
export class CompactionSettled1764400006200 implements MigrationInterface {
  name = 'CompactionSettled1764400006200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE segment_pauses ADD COLUMN IF NOT EXISTS settled text`);
    await queryRunner.query(`ALTER TABLE segment_pauses ADD COLUMN IF NOT EXISTS settled_seq bigint`);
    // Summaries stored before this migration settled as SegmentCompacted.
    await queryRunner.query(`
      UPDATE segment_pauses p SET settled = 'SegmentCompacted', settled_seq = s.last_seq
      FROM segment_summaries s
      WHERE p.settled IS NULL AND s.account_id = p.account_id AND s.session_id = p.session_id AND s.segment = p.segment`);
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
    // An existing deployment: fill from the read models this projection and ingest already hold.
    await queryRunner.query(`
      DO $$ BEGIN
        IF to_regclass('turns') IS NOT NULL THEN
          INSERT INTO session_activity (account_id, session_id, last_turn_seq, last_turn_at, last_seq)
          SELECT account_id, session_id, max(last_seq), max(occurred_at), max(last_seq) FROM turns GROUP BY account_id, session_id
          ON CONFLICT DO NOTHING;
        END IF;
      END $$`);
    await queryRunner.query(`
      UPDATE session_activity a SET last_pause_at = p.paused_at, read_through_seq = GREATEST(a.read_through_seq, p.paused_seq)
      FROM (SELECT account_id, session_id, max(paused_at) AS paused_at, max(paused_seq) AS paused_seq FROM segment_pauses GROUP BY 1, 2) p
      WHERE a.account_id = p.account_id AND a.session_id = p.session_id`);
    await queryRunner.query(`
      UPDATE session_activity a SET read_through_seq = GREATEST(a.read_through_seq, q.through_seq)
      FROM quiet_extractions q WHERE a.account_id = q.account_id AND a.session_id = q.session_id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS session_activity`);
    await queryRunner.query(`ALTER TABLE segment_pauses DROP COLUMN IF EXISTS settled_seq`);
    await queryRunner.query(`ALTER TABLE segment_pauses DROP COLUMN IF EXISTS settled`);
  }
}
