import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each chunk's turns' lexemes (a JSON array per turn, in the turns' order), written with the chunk, so
 * recall scores a hit's turns and picks the one to quote without parsing their text again at every
 * question (to_tsvector over the top ten chunks' turns was a third of a question's time at 100,000
 * chunks). Filled from the chunks already there, so an existing database needs no replay.
 */
export class RecallTurnLexemes1764500000460 implements MigrationInterface {
  name = 'RecallTurnLexemes1764500000460';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE recall_chunks ADD COLUMN IF NOT EXISTS turn_lexemes jsonb`);
    await queryRunner.query(`UPDATE recall_chunks c SET turn_lexemes = ${TURN_LEXEMES_SQL('c.turns')} WHERE c.turn_lexemes IS NULL`);
    await queryRunner.query(`ALTER TABLE recall_chunks ALTER COLUMN turn_lexemes SET NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE recall_chunks DROP COLUMN IF EXISTS turn_lexemes`);
  }
}

/** The lexemes of each turn of a chunk's `turns` (a jsonb array of {text}), as recall's present step scores them: one SQL expression, for the projection and the backfill alike. */
export const TURN_LEXEMES_SQL = (turns: string) =>
  `(SELECT coalesce(jsonb_agg(to_jsonb(tsvector_to_array(to_tsvector('english', tl.turn ->> 'text'))) ORDER BY tl.n), '[]'::jsonb)
    FROM jsonb_array_elements(${turns}) WITH ORDINALITY AS tl(turn, n))`;
