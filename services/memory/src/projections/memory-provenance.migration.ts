import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where each fact and proposal came from (the turns of its session), the day an event is on,
 * the subject a newer fact supersedes it by, what superseded it, and whether the person edited it.
 */
export class MemoryProvenance1764400005400 implements MigrationInterface {
  name = 'MemoryProvenance1764400005400';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['memory_facts', 'memory_proposals']) {
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS source_turns int[]`);
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS occurred_on date`);
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS subject text`);
    }
    await queryRunner.query(`ALTER TABLE memory_facts ADD COLUMN IF NOT EXISTS superseded_by text`);
    await queryRunner.query(
      `ALTER TABLE memory_facts ADD COLUMN IF NOT EXISTS edited_by_person boolean NOT NULL DEFAULT false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE memory_facts DROP COLUMN IF EXISTS superseded_by, DROP COLUMN IF EXISTS edited_by_person`,
    );
    for (const table of ['memory_facts', 'memory_proposals']) {
      await queryRunner.query(
        `ALTER TABLE ${table} DROP COLUMN IF EXISTS source_turns, DROP COLUMN IF EXISTS occurred_on, DROP COLUMN IF EXISTS subject`,
      );
    }
  }
}
