import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The newest save of each artifact and whether an extraction of it has settled: the durable half of
 * the 3 s debounce. A timer lives in one process; this row outlives it, so any instance can finish an
 * extraction whose timer died with its instance. The partial index holds only unsettled saves.
 */
export class MemoryArtifacts1764400005200 implements MigrationInterface {
  name = 'MemoryArtifacts1764400005200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS artifact_extractions (
        account_id text NOT NULL,
        artifact_id text NOT NULL,
        saved_event_id uuid NOT NULL,
        saved_seq bigint NOT NULL,
        saved_at timestamptz NOT NULL,
        -- has text to extract from: an empty save has nothing to settle
        extractable boolean NOT NULL,
        -- the save whose extraction settled last (its telemetry row names it as the cause)
        settled_event_id uuid,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, artifact_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS artifact_extractions_unsettled ON artifact_extractions (saved_at)
       WHERE extractable AND settled_event_id IS DISTINCT FROM saved_event_id`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS artifact_extractions`);
  }
}
