import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The context's copies of what other services' events say, with exactly the columns its loaders
 * read (sources/source-loaders.ts), plus what folding the events needs (a proposal's and a plan's state).
 */
export class ContextSources1764400007200 implements MigrationInterface {
  name = 'ContextSources1764400007200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS context_memory_facts (
        account_id text NOT NULL,
        id text NOT NULL,
        fact_type text NOT NULL,
        content text NOT NULL,
        confidence text NOT NULL,
        status text NOT NULL,
        sensitive boolean NOT NULL,
        confirmed boolean NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS context_memory_facts_by_created ON context_memory_facts (account_id, created_at DESC, id DESC) WHERE status = 'active'`,
    );
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS context_fact_proposals (
        account_id text NOT NULL,
        id text NOT NULL,
        fact_id text NOT NULL,
        status text NOT NULL,
        state jsonb NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS context_fact_proposals_by_fact ON context_fact_proposals (account_id, fact_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS context_plans (
        account_id text NOT NULL,
        id text NOT NULL,
        title text NOT NULL,
        status text NOT NULL,
        state jsonb NOT NULL,
        progress_line text NOT NULL,
        progress_at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS context_plan_checkins (
        account_id text NOT NULL,
        event_id uuid NOT NULL,
        plan_id text NOT NULL,
        progress text NOT NULL,
        at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, event_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS context_plan_checkins_by_plan ON context_plan_checkins (account_id, plan_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS context_reminders (
        account_id text NOT NULL,
        id text NOT NULL,
        text text NOT NULL,
        due_at timestamptz,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS context_sessions (
        account_id text NOT NULL,
        id text NOT NULL,
        source text NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS context_summaries (
        account_id text NOT NULL,
        session_id text NOT NULL,
        segment int NOT NULL,
        summary text NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, session_id, segment)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS context_summaries_by_seq ON context_summaries (account_id, last_seq DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'context_summaries',
      'context_sessions',
      'context_reminders',
      'context_plan_checkins',
      'context_plans',
      'context_fact_proposals',
      'context_memory_facts',
    ]) {
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
