import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Turns lose the generated `search` tsvector and its GIN index. No query ever read them (recall
 * keeps its own chunks and terms), and they were three quarters of what Postgres spent writing a
 * turn: 50,000 turns upserted in 4.2 s with them, 1.0 s without (same run, same rows).
 */
export class TurnsUnsearched1764900000400 implements MigrationInterface {
  name = 'TurnsUnsearched1764900000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS turns_search`);
    await queryRunner.query(`ALTER TABLE turns DROP COLUMN IF EXISTS search`);
  }

  /**
   * Gives the column its name back but neither its generated values nor the index: computing them for
   * every row is what `up` removed, and the one caller of `down`, a replay, drops the table next.
   */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE turns ADD COLUMN IF NOT EXISTS search tsvector`);
  }
}
