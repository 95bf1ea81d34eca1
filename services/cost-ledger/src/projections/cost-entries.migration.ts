import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CostEntries1764400004200 implements MigrationInterface {
  name = 'CostEntries1764400004200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS cost_entries (
        event_id uuid PRIMARY KEY,
        account_id text NOT NULL,
        reservation_id text,
        day date NOT NULL,
        pools text[] NOT NULL,
        label text NOT NULL,
        model text NOT NULL,
        input_tokens integer NOT NULL,
        output_tokens integer NOT NULL,
        cost_usd numeric(14, 6) NOT NULL,
        outcome text NOT NULL,
        occurred_at timestamptz NOT NULL,
        last_seq bigint NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS cost_entries_by_day ON cost_entries (account_id, day)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS cost_entries`);
  }
}
