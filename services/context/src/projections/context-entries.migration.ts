import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ARTIFACT_INDEX_ENTRY, INSIGHT_ENTRY } from './context-entries.sql';

/** The loaders' JSON of an artifact's index line and of an insight, kept with their rows (context-entries.sql.ts). */
export class ContextEntries1764900000500 implements MigrationInterface {
  name = 'ContextEntries1764900000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE artifacts ADD COLUMN IF NOT EXISTS index_entry json`);
    await queryRunner.query(`ALTER TABLE insights ADD COLUMN IF NOT EXISTS entry json`);
    // rows projected before this migration
    await queryRunner.query(
      `UPDATE artifacts a SET index_entry = ${ARTIFACT_INDEX_ENTRY} WHERE a.index_entry IS NULL`,
    );
    await queryRunner.query(`UPDATE insights i SET entry = ${INSIGHT_ENTRY} WHERE i.entry IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE insights DROP COLUMN IF EXISTS entry`);
    await queryRunner.query(`ALTER TABLE artifacts DROP COLUMN IF EXISTS index_entry`);
  }
}
