import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The ids each stream has accepted, kept for good (see PgAcceptedEventIds); not a projection, so replay leaves it. */
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
