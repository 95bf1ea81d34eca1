import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The document frequency of every lexeme among an account's chunks, kept by the projection as chunks
 * are written, so recall weighs a question's words by one index lookup instead of counting matches
 * (the count was most of a query's time at 100,000 chunks). The lexeme '' holds the chunk count.
 * Filled from the chunks already there, so an existing database needs no replay. Also the index
 * re-chunking deletes a session's terms by, and GIN pending lists small enough to read per search.
 */
export class RecallLexemes1764500000400 implements MigrationInterface {
  name = 'RecallLexemes1764500000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    // re-chunking a session deletes its terms from a first seq on: without this, every turn written scanned the account's terms
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS recall_chunk_terms_session ON recall_chunk_terms (account_id, session_id, first_seq)`,
    );
    // A GIN index buffers new entries in a pending list that every search reads in full (4 MB by
    // default: 160+ pages per query after a burst of chunks); a small list keeps searches bounded.
    for (const index of [
      'recall_chunk_terms_gin',
      'recall_chunk_terms_near',
      'recall_decisions_tsv',
    ]) {
      await queryRunner.query(`ALTER INDEX ${index} SET (gin_pending_list_limit = 64)`);
    }
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS recall_lexemes (
        account_id text NOT NULL,
        lexeme text NOT NULL,
        df int NOT NULL,
        PRIMARY KEY (account_id, lexeme)
      )`);
    await queryRunner.query(`
      INSERT INTO recall_lexemes (account_id, lexeme, df)
      SELECT t.account_id, l, count(*)::int FROM recall_chunk_terms t, unnest(tsvector_to_array(t.terms)) l GROUP BY 1, 2
      UNION ALL SELECT account_id, '', count(*)::int FROM recall_chunk_terms GROUP BY 1
      ON CONFLICT (account_id, lexeme) DO NOTHING`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS recall_lexemes`);
  }
}
