import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables re-chunking rewrites: every turn rewrites a session's last chunks, their terms and the lexeme counts. */
const CHURNING = ['recall_lexemes', 'recall_chunks', 'recall_chunk_terms'] as const;

/**
 * Autovacuum visits recall's churning tables at 2% dead rows instead of 20% (docs/event-log.md: bounded
 * growth): a common lexeme's count is rewritten with every chunk of its account, so recall_lexemes held
 * 2.1M dead row versions beside 20,000 live ones after a build, and its index lookups read past them. A
 * server without autovacuum gets the same threshold from the platform's own maintenance (maintainDatabase).
 */
export class RecallAutovacuum1765200000100 implements MigrationInterface {
  name = 'RecallAutovacuum1765200000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of CHURNING)
      await queryRunner.query(
        `ALTER TABLE ${table} SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.05)`,
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of CHURNING)
      await queryRunner.query(
        `ALTER TABLE ${table} RESET (autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor)`,
      );
  }
}
