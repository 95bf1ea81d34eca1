import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The memory read models: facts (with full-text search), proposals, plans, their check-ins, reminders. */
export class Memory1764400005100 implements MigrationInterface {
  name = 'Memory1764400005100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS memory_facts (
        account_id text NOT NULL,
        id text NOT NULL,
        fact_type text NOT NULL,
        content text NOT NULL,
        confidence text NOT NULL,
        source text NOT NULL,
        source_session text NOT NULL,
        source_segment int,
        source_artifact_id text,
        source_message_seq int,
        status text NOT NULL DEFAULT 'active',
        sensitive boolean NOT NULL DEFAULT false,
        confirmed boolean NOT NULL DEFAULT false,
        version int NOT NULL DEFAULT 1,
        -- what the last event did (extracted, created, edited, deleted, used): the change feed reports it
        last_change text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        last_used_at timestamptz,
        last_seq bigint NOT NULL,
        search tsvector GENERATED ALWAYS AS (to_tsvector('english', content)) STORED,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS memory_facts_search ON memory_facts USING GIN (search)`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS memory_facts_by_created ON memory_facts (account_id, created_at DESC, id DESC) WHERE status = 'active'`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS memory_facts_by_seq ON memory_facts (last_seq)`,
    );
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS memory_proposals (
        account_id text NOT NULL,
        id text NOT NULL,
        fact_id text NOT NULL,
        fact_type text NOT NULL,
        content text NOT NULL,
        confidence text NOT NULL,
        source text NOT NULL,
        source_session text NOT NULL,
        source_segment int,
        source_artifact_id text,
        source_message_seq int,
        sensitive_reason text NOT NULL,
        status text NOT NULL,
        proposed_at timestamptz NOT NULL,
        offered_at timestamptz,
        answered_at timestamptz,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS memory_proposals_pending ON memory_proposals (proposed_at) WHERE status = 'pending'`,
    );
    // Every change to a memory or a proposal, in log order: the Explorer's push stream reads it.
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS memory_changes (
        account_id text NOT NULL,
        seq bigint NOT NULL,
        kind text NOT NULL,
        ref_id text NOT NULL,
        change text NOT NULL,
        version int,
        PRIMARY KEY (account_id, seq, kind, ref_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS memory_changes_by_seq ON memory_changes (seq)`,
    );
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS plans (
        account_id text NOT NULL,
        id text NOT NULL,
        title text NOT NULL,
        steps jsonb NOT NULL,
        review_days int NOT NULL,
        status text NOT NULL,
        source_session text,
        proposed_at timestamptz NOT NULL,
        activated_at timestamptz,
        closed_reason text,
        closed_at timestamptz,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS plans_proposed ON plans (proposed_at) WHERE status = 'proposed'`,
    );
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS plan_checkins (
        account_id text NOT NULL,
        event_id uuid NOT NULL,
        plan_id text NOT NULL,
        progress text NOT NULL,
        at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, event_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS plan_checkins_by_plan ON plan_checkins (account_id, plan_id, at)`,
    );
    await queryRunner.query(`
      CREATE TABLE IF NOT EXISTS reminders (
        account_id text NOT NULL,
        id text NOT NULL,
        text text NOT NULL,
        due_at timestamptz,
        source_session text,
        created_at timestamptz NOT NULL,
        last_seq bigint NOT NULL,
        PRIMARY KEY (account_id, id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'reminders',
      'plan_checkins',
      'plans',
      'memory_changes',
      'memory_proposals',
      'memory_facts',
    ]) {
      await queryRunner.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
