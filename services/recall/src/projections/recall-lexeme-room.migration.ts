import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Room in each page of the lexeme counts for their next versions. Every batch of chunks rewrites the
 * counts of the lexemes it holds (a common word's at each batch), and in a full page each new version
 * went to another page with a new index entry: after building 100,000 chunks the table held 19,836 live
 * rows in 28 MB, and recall's one lookup per question word walked index entries of dead versions across
 * pages that had long left the cache. With half of each page free an update stays on its page (HOT: no
 * index entry, and the page's dead versions pruned as it is next read), so the table stays about the
 * size of its live rows without waiting for vacuum. Rows written before keep their pages until rewritten.
 */
export class RecallLexemeRoom1764500000495 implements MigrationInterface {
  name = 'RecallLexemeRoom1764500000495';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE recall_lexemes SET (fillfactor = 50)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE recall_lexemes RESET (fillfactor)`);
  }
}
