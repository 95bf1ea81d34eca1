import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The ids each stream has accepted (see PgAcceptedEventIds); not a projection, so replay leaves it. */
export class AcceptedEventIds1764900000000 implements MigrationInterface {
  name = 'AcceptedEventIds1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS accepted_event_ids (
        stream text NOT NULL,
        event_id text NOT NULL,
        seq bigint NOT NULL,
        accepted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (stream, event_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS accepted_event_ids`);
  }
}

/**
 * Keys the record by account and id (docs/event-log.md: ids scoped by account). Rows written before are
 * kept with an empty account, which stands for any: a resend of an id accepted then is still answered as
 * a duplicate, whichever account sent it; ids accepted from now on belong to their account only.
 */
export class AcceptedEventIdsByAccount1765100000000 implements MigrationInterface {
  name = 'AcceptedEventIdsByAccount1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE accepted_event_ids ADD COLUMN IF NOT EXISTS account_id text NOT NULL DEFAULT ''`,
    );
    await queryRunner.query(
      `ALTER TABLE accepted_event_ids DROP CONSTRAINT IF EXISTS accepted_event_ids_pkey`,
    );
    await queryRunner.query(
      `ALTER TABLE accepted_event_ids ADD PRIMARY KEY (stream, event_id, account_id)`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS accepted_event_ids_unscoped ON accepted_event_ids (stream, event_id) WHERE account_id = ''`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS accepted_event_ids_unscoped`);
    await queryRunner.query(
      `ALTER TABLE accepted_event_ids DROP CONSTRAINT IF EXISTS accepted_event_ids_pkey`,
    );
    await queryRunner.query(
      `DELETE FROM accepted_event_ids a USING accepted_event_ids b
       WHERE a.stream = b.stream AND a.event_id = b.event_id AND a.ctid > b.ctid`,
    );
    await queryRunner.query(`ALTER TABLE accepted_event_ids ADD PRIMARY KEY (stream, event_id)`);
    await queryRunner.query(`ALTER TABLE accepted_event_ids DROP COLUMN account_id`);
  }
}

/**
 * Bounded growth (docs/event-log.md): `accepted_event_ids` becomes the short-window record, compacted by
 * age, and `event_keys` keeps one durable key per event stored in MNEMO_EVENTS, filled here from the
 * record's rows for that stream (with an account; rows from before keys had one stay in the record).
 * The record churns (a row in, a row out per event): autovacuum visits it at 2% dead rows, not 20%.
 */
export class EventKeys1765200000000 implements MigrationInterface {
  name = 'EventKeys1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS event_keys (
        account_id text NOT NULL,
        event_id text NOT NULL,
        seq bigint NOT NULL,
        PRIMARY KEY (account_id, event_id)
      )`);
    await queryRunner.query(
      `INSERT INTO event_keys (account_id, event_id, seq)
       SELECT account_id, event_id, seq FROM accepted_event_ids WHERE stream = 'events' AND account_id <> ''
       ON CONFLICT (account_id, event_id) DO NOTHING`,
    );
    await queryRunner.query(
      `ALTER TABLE accepted_event_ids SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.05)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE accepted_event_ids RESET (autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor)`,
    );
    await queryRunner.query(`DROP TABLE IF EXISTS event_keys`);
  }
}
