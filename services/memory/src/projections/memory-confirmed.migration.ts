import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rows written before `confirmed` followed memory-rules' one rule (confirmation.ts): a memory the person
 * wrote themselves or edited is confirmed, as the context service's copy already said.
 */
export class MemoryConfirmed1764400005700 implements MigrationInterface {
  name = 'MemoryConfirmed1764400005700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE memory_facts SET confirmed = true WHERE NOT confirmed AND (source = 'manual' OR edited_by_person)`,
    );
  }

  async down(): Promise<void> {
    // Nothing to undo: the projection writes the same on a rebuild.
  }
}
