import type { DataSource } from 'typeorm';
import { Scratch } from '../../../../tests/support/scratch';
import { CHUNK_SCORE_SQL, chunkScore } from './lexical-score';

describe('CHUNK_SCORE_SQL (on PostgreSQL)', () => {
  const scratch = new Scratch('chunk_score');
  let db: DataSource;
  beforeAll(async () => {
    db = await scratch.db();
  });
  afterAll(() => scratch.drop());

  const score = async (coverage: number, inWindow: boolean | null): Promise<number> => {
    const [row] = await db.query(
      `SELECT ${CHUNK_SCORE_SQL('$1::float8', '$2::boolean')} AS score`,
      [coverage, inWindow],
    );
    return row.score;
  };

  it('scores 0–1, lifted inside the time a question names and lowered outside it', async () => {
    expect(await score(0.2, null)).toBeCloseTo(0.469);
    // the default minimum (0.30) lies between a twentieth and a tenth of the question's weight
    expect(await score(0.05, null)).toBeLessThan(0.3);
    expect(await score(0.1, null)).toBeGreaterThan(0.3);
    expect(await score(0, true)).toBe(0.4);
    expect(await score(1, true)).toBe(1);
    expect(await score(1, false)).toBeCloseTo(0.6);
    expect(await score(0.2, false)).toBeCloseTo(0.6 * 0.469);
    expect(await score(1.2, null)).toBe(1);
    expect(await score(-0.1, null)).toBe(0);
  });

  it('scores as chunkScore does outside the database (one floor for both paths)', async () => {
    for (const coverage of [0, 0.05, 0.2, 0.5, 0.8, 1])
      for (const inWindow of [null, true, false])
        expect(await score(coverage, inWindow)).toBeCloseTo(chunkScore(coverage, inWindow), 9);
  });
});
