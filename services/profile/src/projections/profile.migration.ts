import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The profile service's own read models: its copy of the artifacts and facts it synthesizes from, the profile, its block. */
export class Profile1764900000000 implements MigrationInterface {
  name = 'Profile1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS profile_artifacts (
        account_id text NOT NULL,
        id text NOT NULL,
        title text NOT NULL,
        content text NOT NULL,
        content_hash text NOT NULL,
        saved_at timestamptz NOT NULL,
        first_seq bigint NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS profile_facts (
        account_id text NOT NULL,
        id text NOT NULL,
        proposal_id text,
        content text NOT NULL,
        confidence text NOT NULL,
        confirmed boolean NOT NULL DEFAULT false,
        status text NOT NULL,
        created_at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS profile_facts_proposal ON profile_facts (account_id, proposal_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS profile_core (
        account_id text PRIMARY KEY,
        profile text NOT NULL,
        artifact_fingerprint text NOT NULL,
        artifact_count int NOT NULL,
        model text NOT NULL,
        generated_at timestamptz NOT NULL,
        last_seq bigint NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS profile_blocks (
        account_id text PRIMARY KEY,
        reason text NOT NULL,
        retry_at timestamptz,
        blocked_at timestamptz NOT NULL,
        last_seq bigint NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['profile_blocks', 'profile_core', 'profile_facts', 'profile_artifacts'])
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
