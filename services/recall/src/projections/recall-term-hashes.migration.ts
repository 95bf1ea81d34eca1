import type { MigrationInterface, QueryRunner } from 'typeorm';
import { LEXEME_HASHES_SQL } from './turn-lexemes.writes';

/**
 * A chunk's lexemes, and its neighbours' edge turns', as 32-bit hashes (Postgres's `hashtext`) instead
 * of text vectors: the table retrieval reads row by row shrinks from ~1,850 to ~850 bytes a row (194
 * to 87 MB at 100,000 chunks), so much more of it stays in shared buffers, and a membership test is
 * an integer comparison. Questions hash their lexemes with the same function; two lexemes sharing a
 * hash (about one chance in 40 million per chunk and word) would only lift a chunk's score. Which
 * lexemes a chunk holds stays readable from its text in recall_chunks. The table is written anew,
 * so existing rows come out compact too; the lexeme counts do not change.
 */
export class RecallTermHashes1764500000480 implements MigrationInterface {
  name = 'RecallTermHashes1764500000480';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE recall_chunk_terms_next (
        account_id text NOT NULL,
        chunk_id text NOT NULL,
        session_id text NOT NULL,
        first_seq int NOT NULL,
        occurred_at timestamptz NOT NULL,
        -- the chunk's own turns
        term_hashes int4[] NOT NULL,
        -- the neighbouring windows' edge turns, which count half
        near_hashes int4[] NOT NULL,
        last_seq bigint NOT NULL
      ) WITH (toast_tuple_target = 8160)`);
    await queryRunner.query(`
      INSERT INTO recall_chunk_terms_next (account_id, chunk_id, session_id, first_seq, occurred_at, term_hashes, near_hashes, last_seq)
      SELECT account_id, chunk_id, session_id, first_seq, occurred_at,
             ${LEXEME_HASHES_SQL('tsvector_to_array(terms)')}, ${LEXEME_HASHES_SQL('tsvector_to_array(near)')}, last_seq
      FROM recall_chunk_terms ORDER BY account_id, occurred_at`);
    await queryRunner.query(`DROP TABLE recall_chunk_terms`);
    await queryRunner.query(`ALTER TABLE recall_chunk_terms_next RENAME TO recall_chunk_terms`);
    // inline and uncompressed, as the vectors were (see RecallTermsInline)
    await queryRunner.query(`
      ALTER TABLE recall_chunk_terms ALTER COLUMN account_id SET STORAGE PLAIN, ALTER COLUMN chunk_id SET STORAGE PLAIN,
        ALTER COLUMN session_id SET STORAGE PLAIN, ALTER COLUMN term_hashes SET STORAGE MAIN, ALTER COLUMN near_hashes SET STORAGE MAIN`);
    await queryRunner.query(`ALTER TABLE recall_chunk_terms ADD CONSTRAINT recall_chunk_terms_pkey PRIMARY KEY (account_id, chunk_id)`);
    // small pending lists, as before (see RecallLexemes): every search reads a GIN index's list in full
    await queryRunner.query(`CREATE INDEX recall_chunk_terms_hashes ON recall_chunk_terms USING gin (term_hashes) WITH (gin_pending_list_limit = 64)`);
    await queryRunner.query(`CREATE INDEX recall_chunk_terms_near_hashes ON recall_chunk_terms USING gin (near_hashes) WITH (gin_pending_list_limit = 64)`);
    await queryRunner.query(`CREATE INDEX recall_chunk_terms_time ON recall_chunk_terms (account_id, occurred_at)`);
    await queryRunner.query(`CREATE INDEX recall_chunk_terms_session ON recall_chunk_terms (account_id, session_id, first_seq)`);
    // a new table has no statistics: until it is analyzed the planner guesses how many rows hold a lexeme
    await queryRunner.query(`ANALYZE recall_chunk_terms`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // the hashes cannot be read back into lexemes: the vectors come again from the chunks' own text and context
    await queryRunner.query(`
      CREATE TABLE recall_chunk_terms_prev (
        account_id text NOT NULL, chunk_id text NOT NULL, session_id text NOT NULL, first_seq int NOT NULL,
        occurred_at timestamptz NOT NULL, terms tsvector NOT NULL, near tsvector NOT NULL, last_seq bigint NOT NULL
      ) WITH (toast_tuple_target = 8160)`);
    await queryRunner.query(`
      INSERT INTO recall_chunk_terms_prev SELECT c.account_id, c.chunk_id, c.session_id, c.first_seq, c.occurred_at,
        strip(to_tsvector('english', c.text)), strip(to_tsvector('english', c.context)), c.last_seq FROM recall_chunks c`);
    await queryRunner.query(`DROP TABLE recall_chunk_terms`);
    await queryRunner.query(`ALTER TABLE recall_chunk_terms_prev RENAME TO recall_chunk_terms`);
    await queryRunner.query(`
      ALTER TABLE recall_chunk_terms ALTER COLUMN account_id SET STORAGE PLAIN, ALTER COLUMN chunk_id SET STORAGE PLAIN,
        ALTER COLUMN session_id SET STORAGE PLAIN, ALTER COLUMN terms SET STORAGE MAIN, ALTER COLUMN near SET STORAGE MAIN`);
    await queryRunner.query(`ALTER TABLE recall_chunk_terms ADD CONSTRAINT recall_chunk_terms_pkey PRIMARY KEY (account_id, chunk_id)`);
    await queryRunner.query(`CREATE INDEX recall_chunk_terms_gin ON recall_chunk_terms USING gin (terms) WITH (gin_pending_list_limit = 64)`);
    await queryRunner.query(`CREATE INDEX recall_chunk_terms_near ON recall_chunk_terms USING gin (near) WITH (gin_pending_list_limit = 64)`);
    await queryRunner.query(`CREATE INDEX recall_chunk_terms_time ON recall_chunk_terms (account_id, occurred_at)`);
    await queryRunner.query(`CREATE INDEX recall_chunk_terms_session ON recall_chunk_terms (account_id, session_id, first_seq)`);
  }
}
