import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recall's own read models (one owner per table: every table here is written by recall's projection
 * only and named `recall_*`, so no other service's SQL names them): the prose turns it chunks, the
 * chunks with their full-text index, the sessions with who, where and how they ended, and the
 * decisions.
 */
export class Recall1764500000100 implements MigrationInterface {
  name = 'Recall1764500000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS recall_turns (
        account_id text NOT NULL,
        session_id text NOT NULL,
        seq int NOT NULL,
        role text NOT NULL,
        -- empty for a turn the chunks leave out (system, sidechain, a harness summary, tool calls only)
        text text NOT NULL,
        occurred_at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, session_id, seq)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS recall_chunks (
        account_id text NOT NULL,
        chunk_id text NOT NULL,
        session_id text NOT NULL,
        first_seq int NOT NULL,
        seqs int[] NOT NULL,
        turns jsonb NOT NULL,
        text text NOT NULL,
        context text NOT NULL,
        occurred_at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, chunk_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS recall_chunks_session ON recall_chunks (account_id, session_id, first_seq)`,
    );
    // What retrieval scans, apart from what it shows: the lexemes of a chunk and of its neighbours' edge
    // turns, stripped of positions so the vector stays small and inline (a TOASTed vector is
    // decompressed at every match test), in a narrow table that keeps many rows per page.
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS recall_chunk_terms (
        account_id text NOT NULL,
        chunk_id text NOT NULL,
        session_id text NOT NULL,
        first_seq int NOT NULL,
        occurred_at timestamptz NOT NULL,
        -- the chunk's own turns
        terms tsvector NOT NULL,
        -- the neighbouring windows' edge turns, which count half
        near tsvector NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, chunk_id)
      )`);
    await queryRunner.query(
      `ALTER TABLE recall_chunk_terms ALTER COLUMN terms SET STORAGE MAIN, ALTER COLUMN near SET STORAGE MAIN`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS recall_chunk_terms_gin ON recall_chunk_terms USING gin (terms)`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS recall_chunk_terms_near ON recall_chunk_terms USING gin (near)`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS recall_chunk_terms_time ON recall_chunk_terms (account_id, occurred_at)`,
    );
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS recall_sessions (
        account_id text NOT NULL,
        session_id text NOT NULL,
        source text,
        title text,
        cwd text,
        developer text,
        project text,
        started_at timestamptz,
        ended_at timestamptz,
        summary text,
        compaction_summary text,
        files_read text[] NOT NULL DEFAULT '{}',
        files_edited text[] NOT NULL DEFAULT '{}',
        commit_shas text[] NOT NULL DEFAULT '{}',
        lessons text[] NOT NULL DEFAULT '{}',
        outcome text NOT NULL DEFAULT 'unknown',
        started_seq bigint NOT NULL DEFAULT 0,
        outcome_seq bigint NOT NULL DEFAULT 0,
        summary_seq bigint NOT NULL DEFAULT 0,
        lessons_seq bigint NOT NULL DEFAULT 0,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, session_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS recall_sessions_recent ON recall_sessions (account_id, coalesce(ended_at, started_at) DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS recall_decisions (
        account_id text NOT NULL,
        decision_id text NOT NULL,
        session_id text,
        topic text NOT NULL,
        stance text NOT NULL,
        rationale text NOT NULL,
        developer text,
        occurred_at timestamptz NOT NULL,
        tsv tsvector NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, decision_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS recall_decisions_tsv ON recall_decisions USING gin (tsv)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'recall_decisions',
      'recall_sessions',
      'recall_chunk_terms',
      'recall_chunks',
      'recall_turns',
    ])
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
