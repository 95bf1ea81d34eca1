import type { MigrationInterface, QueryRunner } from 'typeorm';
import { MIGRATION_MARK } from '@mnemo/persistence';

/**
 * A session's settled statements (docs/coding-memory.md) live beside its distilled decisions: the turn
 * they came from is `turn_seq` (null for a decision distilled from a summary), so re-settling a session
 * from a turn on replaces exactly the rows that turn and the ones after it gave. Rows from before this
 * column come back with a replay of the recall projection ($0): on an install that already holds turns, the
 * migration marks that replay pending, and the next start runs it before serving (docs/event-log.md, "A
 * full replay across a crash").
 */
export class RecallSettled1765500000100 implements MigrationInterface {
  name = 'RecallSettled1765500000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE recall_decisions ADD COLUMN IF NOT EXISTS turn_seq int`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS recall_decisions_turns ON recall_decisions (account_id, session_id, turn_seq) WHERE turn_seq IS NOT NULL`,
    );
    // the digest reads a project's newest statements: by account, newest first
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS recall_decisions_recent ON recall_decisions (account_id, occurred_at DESC)`,
    );
    await queryRunner.query(
      `INSERT INTO replays_pending (projection, started_by)
       SELECT 'recall', '${MIGRATION_MARK} ${this.name}: settled statements of the sessions already stored'
       WHERE EXISTS (SELECT 1 FROM recall_turns)
       ON CONFLICT (projection) DO NOTHING`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS recall_decisions_recent`);
    await queryRunner.query(`DROP INDEX IF EXISTS recall_decisions_turns`);
    await queryRunner.query(`ALTER TABLE recall_decisions DROP COLUMN IF EXISTS turn_seq`);
  }
}
