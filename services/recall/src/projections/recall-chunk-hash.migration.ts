import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each chunk's text hash: what an embedding is stored under (recall_embeddings keeps vectors by
 * account, model and hash, outside the projection, so a replay finds them again and pays nothing).
 */
export class RecallChunkHash1764500000450 implements MigrationInterface {
  name = 'RecallChunkHash1764500000450';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE recall_chunks ADD COLUMN IF NOT EXISTS text_hash text`);
    await queryRunner.query(
      `UPDATE recall_chunks SET text_hash = encode(sha256(convert_to(text, 'UTF8')), 'hex') WHERE text_hash IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE recall_chunks DROP COLUMN IF EXISTS text_hash`);
  }
}
