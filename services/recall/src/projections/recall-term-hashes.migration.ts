import type { MigrationInterface, QueryRunner } from 'typeorm';
import { LEXEME_HASHES_SQL } from './turn-lexemes.writes';

/**
 * A chunk's lexemes, and its neighbours' edge turns', as 32-bit hashes (Postgres's `hashtext`) instead
 * of text vectors: the table retrieval reads row by row shrinks from ~1,850 to ~850 bytes a row (194
 * to 85 MB at 100,000 chunks), so much more of it stays in shared buffers, and a membership test is
 * an integer comparison. Questions hash their lexemes with the same function; two lexemes sharing a
 * hash (about one chance in 40 million per chunk and word) would only lift a chunk's score. Which
 * lexemes a chunk holds stays readable from its text in recall_chunks. The table is written anew,
 * so existing rows come out compact too; the lexeme counts do not change.
 */
export class RecallTermHashes1764500000480 implements MigrationInterface {
  name = 'RecallTermHashes1764500000480';

  async up(queryRunner: QueryRunner): Promise<void> {
    await rewriteTerms(queryRunner, {
      // the chunk's own turns, then the neighbouring windows' edge turns (which count half)
      columns: 'term_hashes int4[] NOT NULL, near_hashes int4[] NOT NULL',
      from: `SELECT account_id, chunk_id, session_id, first_seq, occurred_at,
                    ${LEXEME_HASHES_SQL('tsvector_to_array(terms)')}, ${LEXEME_HASHES_SQL('tsvector_to_array(near)')}, last_seq
             FROM recall_chunk_terms_before`,
      indexed: {
        term_hashes: 'recall_chunk_terms_hashes',
        near_hashes: 'recall_chunk_terms_near_hashes',
      },
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // hashes cannot be read back into lexemes: the vectors come again from the chunks' own text and context
    await rewriteTerms(queryRunner, {
      columns: 'terms tsvector NOT NULL, near tsvector NOT NULL',
      from: `SELECT c.account_id, c.chunk_id, c.session_id, c.first_seq, c.occurred_at,
                    strip(to_tsvector('english', c.text)), strip(to_tsvector('english', c.context)), c.last_seq
             FROM recall_chunks c JOIN recall_chunk_terms_before USING (account_id, chunk_id)`,
      indexed: { terms: 'recall_chunk_terms_gin', near: 'recall_chunk_terms_near' },
    });
  }
}

/**
 * Writes recall_chunk_terms anew with another pair of lexeme columns, from the rows `from` selects out of
 * the table as it was (renamed recall_chunk_terms_before), with the same keys and indexes around them.
 */
async function rewriteTerms(
  queryRunner: QueryRunner,
  next: { columns: string; from: string; indexed: Record<string, string> },
): Promise<void> {
  await queryRunner.query(`ALTER TABLE recall_chunk_terms RENAME TO recall_chunk_terms_before`);
  await queryRunner.query(
    `ALTER TABLE recall_chunk_terms_before DROP CONSTRAINT recall_chunk_terms_pkey`,
  );
  for (const index of [
    'recall_chunk_terms_gin',
    'recall_chunk_terms_near',
    'recall_chunk_terms_hashes',
    'recall_chunk_terms_near_hashes',
    'recall_chunk_terms_time',
    'recall_chunk_terms_session',
  ]) {
    await queryRunner.query(`DROP INDEX IF EXISTS ${index}`);
  }
  // inline and uncompressed whatever the row's size up to a page (see RecallTermsInline)
  await queryRunner.query(`
    CREATE TABLE recall_chunk_terms (
      account_id text NOT NULL,
      chunk_id text NOT NULL,
      session_id text NOT NULL,
      first_seq int NOT NULL,
      occurred_at timestamptz NOT NULL,
      ${next.columns},
      last_seq bigint NOT NULL
    ) WITH (toast_tuple_target = 8160)`);
  await queryRunner.query(`
    ALTER TABLE recall_chunk_terms ALTER COLUMN account_id SET STORAGE PLAIN, ALTER COLUMN chunk_id SET STORAGE PLAIN, ALTER COLUMN session_id SET STORAGE PLAIN,
      ${Object.keys(next.indexed)
        .map((column) => `ALTER COLUMN ${column} SET STORAGE MAIN`)
        .join(', ')}`);
  await queryRunner.query(
    `INSERT INTO recall_chunk_terms ${next.from} ORDER BY account_id, occurred_at`,
  );
  await queryRunner.query(`DROP TABLE recall_chunk_terms_before`);
  await queryRunner.query(
    `ALTER TABLE recall_chunk_terms ADD CONSTRAINT recall_chunk_terms_pkey PRIMARY KEY (account_id, chunk_id)`,
  );
  // small pending lists (see RecallLexemes): every search reads a GIN index's list in full
  for (const [column, index] of Object.entries(next.indexed)) {
    await queryRunner.query(
      `CREATE INDEX ${index} ON recall_chunk_terms USING gin (${column}) WITH (gin_pending_list_limit = 64)`,
    );
  }
  await queryRunner.query(
    `CREATE INDEX recall_chunk_terms_time ON recall_chunk_terms (account_id, occurred_at)`,
  );
  await queryRunner.query(
    `CREATE INDEX recall_chunk_terms_session ON recall_chunk_terms (account_id, session_id, first_seq)`,
  );
  // a new table has no statistics: until it is analyzed the planner guesses how many rows hold a lexeme
  await queryRunner.query(`ANALYZE recall_chunk_terms`);
}
