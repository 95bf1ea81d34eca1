import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keeps a chunk's row whole in its page. Recall shows its ten best chunks by reading each row's turns
 * and their lexemes; at ~2.7 KB a row was past the toaster's ~2 KB threshold, so both arrays went out
 * of line and each hit cost two TOAST index descents and two more pages (60 of a question's ~90 buffers
 * in presenting its hits). Rows written before keep their layout until their session is re-chunked
 * (or `VACUUM FULL recall_chunks` rewrites them).
 */
export class RecallChunksInline1764500000490 implements MigrationInterface {
  name = 'RecallChunksInline1764500000490';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE recall_chunks SET (toast_tuple_target = 8160)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE recall_chunks RESET (toast_tuple_target)`);
  }
}
