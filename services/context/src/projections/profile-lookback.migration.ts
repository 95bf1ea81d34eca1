import type { MigrationInterface, QueryRunner } from 'typeorm';

/** How far back an account lets the rolling profile read its day series (docs/day-series.md). */
export class ProfileLookback1765300000400 implements MigrationInterface {
  name = 'ProfileLookback1765300000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE account_settings ADD COLUMN IF NOT EXISTS profile_lookback_days int`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE account_settings DROP COLUMN IF EXISTS profile_lookback_days`,
    );
  }
}
