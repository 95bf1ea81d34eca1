import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The per-account counter the context cache is keyed by. A service migration, not a projection's:
 * a replay re-projects the read models but must not rewind the counter, or a version would come back
 * with other data under it while an old entry still sits in the cache. It replaces the earlier
 * `context_versions (account_id, last_seq)`, which took the highest sequence applied and so could
 * stand still while a late (redelivered) event still changed the data.
 */
export class ContextVersions1764400007300 implements MigrationInterface {
  name = 'ContextVersions1764400007300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS context_versions`);
    await queryRunner.query(`
      CREATE TABLE context_versions (
        account_id text PRIMARY KEY,
        version bigint NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS context_versions`);
  }
}

/** The context service's migrations of tables that are not projections. */
export const contextMigrations = [ContextVersions1764400007300] as const;
