import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Compresses a recall_chunks row in its page rather than leaving it whole: more rows per page, so more
 * of the table stays in shared buffers and a question presenting its hits reads fewer pages from disk.
 * At 100,000 chunks a row was ~4 KB (its text held twice, as `text` and in `turns`, beside the turns'
 * lexemes and the context), 1.6 rows per page in 488 MB, and presenting ten hits read ~7 pages past the
 * buffers. The large columns are compressed inline (MAIN) and never moved out of line short of a full
 * page, so a hit still costs no TOAST index descent (RecallPageLayout's reason); the ids stay plain,
 * since the toaster would move the longest of them out of line before compressing anything MAIN
 * (RecallTermsInline's finding). The database's default compression (pglz): it packed this table's rows
 * tighter than lz4, and PGlite has no lz4. Rows written before keep their layout until rewritten
 * (re-chunked, or `VACUUM FULL recall_chunks`).
 */
export class RecallChunksCompressed1764500000495 implements MigrationInterface {
  name = 'RecallChunksCompressed1764500000495';

  async up(queryRunner: QueryRunner): Promise<void> {
    // the toaster starts only past ~2 KB whatever the target; the lowest target then compresses every MAIN column it can
    await queryRunner.query(`ALTER TABLE recall_chunks SET (toast_tuple_target = 128)`);
    await queryRunner.query(
      `ALTER TABLE recall_chunks ALTER COLUMN turns SET STORAGE MAIN, ALTER COLUMN turn_lexemes SET STORAGE MAIN, ALTER COLUMN text SET STORAGE MAIN, ALTER COLUMN context SET STORAGE MAIN,
         ALTER COLUMN account_id SET STORAGE PLAIN, ALTER COLUMN chunk_id SET STORAGE PLAIN, ALTER COLUMN session_id SET STORAGE PLAIN, ALTER COLUMN text_hash SET STORAGE PLAIN, ALTER COLUMN seqs SET STORAGE PLAIN`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE recall_chunks SET (toast_tuple_target = 8160)`);
    await queryRunner.query(
      `ALTER TABLE recall_chunks ALTER COLUMN turns SET STORAGE EXTENDED, ALTER COLUMN turn_lexemes SET STORAGE EXTENDED, ALTER COLUMN text SET STORAGE EXTENDED, ALTER COLUMN context SET STORAGE EXTENDED,
         ALTER COLUMN account_id SET STORAGE EXTENDED, ALTER COLUMN chunk_id SET STORAGE EXTENDED, ALTER COLUMN session_id SET STORAGE EXTENDED, ALTER COLUMN text_hash SET STORAGE EXTENDED, ALTER COLUMN seqs SET STORAGE EXTENDED`,
    );
  }
}
