import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LlmKeys1764400004500 implements MigrationInterface {
  name = 'LlmKeys1764400004500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS llm_keys (
        account_id text NOT NULL,
        key_id text NOT NULL,
        -- AES-256-GCM under MNEMO_SECRET_KEY (libs/llm secret-box); the plain key is stored nowhere
        encrypted_secret text,
        masked_key text,
        created_at timestamptz,
        created_seq bigint,
        -- the active key is the one activated last: ordering by sequence stays right under redelivery and replay
        activated_seq bigint,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, key_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS llm_keys`);
  }
}
