import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The context service's own read models (the cache version lives apart: context-versions.migration.ts). */
export class Context1764400007100 implements MigrationInterface {
  name = 'Context1764400007100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS artifacts (
        account_id text NOT NULL,
        id text NOT NULL,
        title text NOT NULL,
        content text NOT NULL,
        gist text NOT NULL,
        kind text,
        pinned boolean NOT NULL DEFAULT false,
        gist_tokens int NOT NULL,
        summary_tokens int NOT NULL,
        full_tokens int NOT NULL,
        source_session text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS bookmarks (
        account_id text NOT NULL,
        id text NOT NULL,
        session_id text,
        text text NOT NULL,
        turn_seq int,
        created_at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS core_profiles (
        account_id text PRIMARY KEY,
        profile text NOT NULL,
        artifact_fingerprint text NOT NULL,
        model text NOT NULL,
        synthesized_at timestamptz NOT NULL,
        last_seq bigint NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS insights (
        account_id text NOT NULL,
        id text NOT NULL,
        kind text NOT NULL,
        text text NOT NULL,
        artifact_a text NOT NULL,
        artifact_b text NOT NULL,
        status text NOT NULL,
        created_at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS account_settings (
        account_id text PRIMARY KEY,
        egress_allowed boolean NOT NULL DEFAULT true,
        health_module_on boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL,
        last_seq bigint NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'account_settings',
      'insights',
      'core_profiles',
      'bookmarks',
      'artifacts',
    ]) {
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
