import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who a session is with, as its start said: memory's extraction prompt names the person from it.
 */
export class SessionsPerson1764400031500 implements MigrationInterface {
  name = 'SessionsPerson1764400031500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE sessions ADD COLUMN IF NOT EXISTS person_name text, ADD COLUMN IF NOT EXISTS person_role text`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE sessions DROP COLUMN IF EXISTS person_name, DROP COLUMN IF EXISTS person_role`,
    );
  }
}
