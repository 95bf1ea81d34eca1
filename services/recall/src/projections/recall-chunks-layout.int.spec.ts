import type { DataSource } from 'typeorm';
import type { StoredEvent } from '@mnemo/contracts';
import { applyEvents } from '@mnemo/persistence';
import { Scratch } from '../../../../tests/support/scratch';
import { recallProjection } from './recall.projection';

const PROSE = [
  'We moved the chunk rows to a compressed layout so that more of them fit in a page and in the buffers.',
  'The migration keeps every row in its page: a hit must never cost a descent into the TOAST index.',
  'Questions read ten rows to present their hits, and each row read from disk is a page read.',
];

const turn = (seq: number): StoredEvent => ({
  seq: 100 + seq,
  event: {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    type: 'TurnRecorded',
    version: 1,
    accountId: 'a-layout',
    sessionId: 's-layout',
    occurredAt: new Date(Date.UTC(2026, 10, 1, 10, seq)).toISOString(),
    producer: 'spec',
    payload: {
      seq,
      role: seq % 2 ? 'user' : 'assistant',
      text: `${PROSE[seq % 3]} ${PROSE[(seq + 1) % 3]} ${PROSE[(seq + 2) % 3]}`,
    },
  },
});

/**
 * A chunk's row holds its text twice (as `text` and in `turns`) beside the turns' lexemes and the
 * context: past the toaster's ~2 KB threshold. RecallChunksCompressed keeps such a row in its page,
 * compressed, so that more rows share a page; nothing may go out of line, where each hit would cost a
 * TOAST index descent and another page (RecallPageLayout's reason).
 */
describe('recall_chunks: a large chunk row, as the projection writes it', () => {
  const scratch = new Scratch('recall_layout');
  let db: DataSource;
  beforeAll(async () => {
    db = await scratch.db(recallProjection.migrations);
    await applyEvents(db.manager, recallProjection, [1, 2, 3, 4, 5, 6].map(turn));
  });
  afterAll(() => scratch.drop());

  it('is compressed in its page, with nothing stored out of line', async () => {
    const rows: Array<{
      raw: number;
      stored: number;
      turns: string | null;
      lexemes: string | null;
      text: string | null;
    }> = await db.query(
      `SELECT octet_length(turns::text) + octet_length(turn_lexemes::text) + octet_length(text) + octet_length(context) AS raw, pg_column_size(c.*) AS stored,
              pg_column_compression(turns) AS turns, pg_column_compression(turn_lexemes) AS lexemes, pg_column_compression(text) AS text
       FROM recall_chunks c WHERE account_id = 'a-layout' ORDER BY first_seq`,
    );
    // the rows this spec is about: past the threshold the toaster starts at
    const large = rows.filter((row) => row.raw > 2_100);
    expect(large.length).toBeGreaterThan(0);
    for (const row of large) {
      expect(row).toEqual(
        expect.objectContaining({ turns: 'pglz', lexemes: 'pglz', text: 'pglz' }),
      );
      expect(row.stored).toBeLessThan(row.raw * 0.75);
    }
    const [toast] = await db.query(
      `SELECT pg_relation_size(reltoastrelid)::int AS bytes FROM pg_class WHERE oid = 'recall_chunks'::regclass`,
    );
    expect(toast.bytes).toBe(0);
  });

  it('reads back as written', async () => {
    const [first] = await db.query(
      `SELECT turns -> 0 ->> 'text' AS text, seqs FROM recall_chunks WHERE account_id = 'a-layout' ORDER BY first_seq LIMIT 1`,
    );
    expect(first.text).toBe(`${PROSE[1]} ${PROSE[2]} ${PROSE[0]}`);
    expect(first.seqs[0]).toBe(1);
  });
});
