import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Chunk embeddings, where pgvector exists (the pgvector image of docker-compose, PGlite with its vector
 * extension; a server without it keeps recall lexical). Keyed by account, model and the chunk's text
 * hash, and not a projection: embeddings are paid for, so a replay that rebuilds the chunks finds
 * them again by hash instead of recomputing them ($0, and the same vectors as before). The extension
 * goes into `public`, since schemas come and go (tests use one each) and an extension lives once per
 * database.
 */
export class RecallEmbeddings1764500000500 implements MigrationInterface {
  name = 'RecallEmbeddings1764500000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DO $$ BEGIN
        IF to_regtype('public.vector') IS NULL AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
          CREATE EXTENSION IF NOT EXISTS vector WITH SCHEMA public;
        END IF;
      EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'pgvector is installed but could not be created (%): recall stays lexical', SQLERRM;
      END $$`);
    await queryRunner.query(`
      DO $$ BEGIN
        IF to_regtype('public.vector') IS NOT NULL THEN
          EXECUTE 'CREATE TABLE IF NOT EXISTS recall_embeddings (
            account_id text NOT NULL,
            model text NOT NULL,
            text_hash text NOT NULL,
            embedding public.vector NOT NULL,
            PRIMARY KEY (account_id, model, text_hash))';
        END IF;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS recall_embeddings`);
  }
}
