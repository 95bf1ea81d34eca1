import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The person's message each plan answers: one plan per answer holds at every door (docs/day-series.md). */
export class PlanAnswers1765300000300 implements MigrationInterface {
  name = 'PlanAnswers1765300000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE plans ADD COLUMN IF NOT EXISTS answer_seq int`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE plans DROP COLUMN IF EXISTS answer_seq`);
  }
}
