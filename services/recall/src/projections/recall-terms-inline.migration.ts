import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keeps a chunk's terms row whole in its page. A row past ~2 KB (a chunk's vectors often are) was
 * TOASTed, and the toaster moves the longest varying-width column it may first: the account id, so
 * every candidate's `account_id = $1` read it back through the TOAST index (a third of the rows at
 * 100,000 chunks, 2.2 times the buffer reads of the rows themselves). The target lets a row up to a
 * page stay as written, and the ids stay inline whatever the row's size. Rows written before keep
 * their layout until their session is re-chunked (or `VACUUM FULL recall_chunk_terms` rewrites them).
 */
export class RecallTermsInline1764500000470 implements MigrationInterface {
  name = 'RecallTermsInline1764500000470';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE recall_chunk_terms SET (toast_tuple_target = 8160)`);
    await queryRunner.query(
      `ALTER TABLE recall_chunk_terms ALTER COLUMN account_id SET STORAGE PLAIN, ALTER COLUMN chunk_id SET STORAGE PLAIN, ALTER COLUMN session_id SET STORAGE PLAIN`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE recall_chunk_terms RESET (toast_tuple_target)`);
    await queryRunner.query(
      `ALTER TABLE recall_chunk_terms ALTER COLUMN account_id SET STORAGE EXTENDED, ALTER COLUMN chunk_id SET STORAGE EXTENDED, ALTER COLUMN session_id SET STORAGE EXTENDED`,
    );
  }
}
