import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A segment's outcome may be projected before its pause: two memory instances share the projection's
 * consumer and apply their batches side by side, so the batch holding a SegmentCompacted can commit
 * before the one holding its SegmentPaused. The outcome then makes the row, with the pause to come.
 */
export class SegmentPausesOrder1764400005600 implements MigrationInterface {
  name = 'SegmentPausesOrder1764400005600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE segment_pauses ALTER COLUMN paused_at DROP NOT NULL, ALTER COLUMN paused_seq DROP NOT NULL`,
    );
  }

  async down(): Promise<void> {
    // the table is dropped by MemorySessions1764400005500's down
  }
}
