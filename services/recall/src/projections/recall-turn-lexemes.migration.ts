import type { MigrationInterface, QueryRunner } from 'typeorm';
import { TURN_LEXEMES_SQL } from './turn-lexemes.writes';

/**
 * Each chunk's turns' lexemes (a JSON array per turn, in the turns' order), written with the chunk, so
 * recall scores a hit's turns and picks the one to quote without parsing their text again at every
 * question (to_tsvector over the top ten chunks' turns was a third of a question's time at 100,000
 * chunks). Filled from the chunks already there, so an existing database needs no replay.
 */
export class RecallTurnLexemes1764500000460 implements MigrationInterface {
  name = 'RecallTurnLexemes1764500000460';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE recall_chunks ADD COLUMN IF NOT EXISTS turn_lexemes jsonb`,
    );
    await queryRunner.query(
      `UPDATE recall_chunks c SET turn_lexemes = ${TURN_LEXEMES_SQL('c.turns')} WHERE c.turn_lexemes IS NULL`,
    );
    await queryRunner.query(`ALTER TABLE recall_chunks ALTER COLUMN turn_lexemes SET NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE recall_chunks DROP COLUMN IF EXISTS turn_lexemes`);
  }
}
