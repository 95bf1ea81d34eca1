import type { MigrationInterface, QueryRunner } from 'typeorm';
import { TURN_LEXEMES_SQL } from './turn-lexemes.writes';

/**
 * Each turn's lexemes carry their counts (an object per turn instead of an array), so recall ranks
 * turns by BM25 without parsing their text at every question. Rewritten from the chunks already
 * there, so an existing database needs no replay.
 */
export class RecallTurnTerms1764500000497 implements MigrationInterface {
  name = 'RecallTurnTerms1764500000497';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE recall_chunks c SET turn_lexemes = ${TURN_LEXEMES_SQL('c.turns')}
       WHERE jsonb_typeof(c.turn_lexemes -> 0) IS DISTINCT FROM 'object' AND jsonb_array_length(c.turn_lexemes) > 0`,
    );
  }

  async down(): Promise<void> {
    // the counted form answers every question the arrays did (jsonb's ? holds for keys and elements alike)
  }
}
