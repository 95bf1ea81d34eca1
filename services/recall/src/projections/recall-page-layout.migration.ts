import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How two of recall's tables use their pages, both for what a question reads from outside the cache.
 * Rows written before keep their layout until rewritten (re-chunked, or `VACUUM FULL`).
 *
 * - recall_chunks keeps a row whole in its page. Recall shows its ten best chunks by reading each row's
 *   turns and their lexemes; at ~2.7 KB a row was past the toaster's ~2 KB threshold, so both arrays went
 *   out of line and each hit cost two TOAST index descents and two more pages (60 of a question's ~90
 *   buffers in presenting its hits).
 * - recall_lexemes keeps half of each page free for the next versions of its counts. Every batch of chunks
 *   rewrites the counts of the lexemes it holds, and in a full page each new version went to another page
 *   with a new index entry: after building 100,000 chunks the table held 19,836 live rows in 28 MB, and a
 *   question's word lookups walked dead versions across pages long gone from the cache. With room on the
 *   page an update stays there (HOT: no index entry, dead versions pruned as the page is next read): 3.3 MB.
 */
export class RecallPageLayout1764500000490 implements MigrationInterface {
  name = 'RecallPageLayout1764500000490';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE recall_chunks SET (toast_tuple_target = 8160)`);
    await queryRunner.query(`ALTER TABLE recall_lexemes SET (fillfactor = 50)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE recall_lexemes RESET (fillfactor)`);
    await queryRunner.query(`ALTER TABLE recall_chunks RESET (toast_tuple_target)`);
  }
}
