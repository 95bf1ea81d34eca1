import type { StoredEventOf } from '@mnemo/contracts';
import { newestPerKey, type Sql } from '@mnemo/persistence';
import { redact } from '@mnemo/redaction';
import { chunkIdOf, chunkText, isProse } from '../domain/chunk-turn';
import { packChunks, type ChunkTurn } from '../domain/pack-chunks';
import { lexemeDelta } from '../domain/lexeme-delta';
import { CHUNK_LEXEMES_SQL, LEXEME_HASHES_SQL, TURN_LEXEMES_SQL } from './turn-lexemes.writes';

export type TurnEvent = StoredEventOf<'TurnRecorded'>;

/** The lowest turn seq a batch changed, per session: where its re-chunking starts. */
export type ChangedSessions = Map<
  string,
  { accountId: string; sessionId: string; fromSeq: number }
>;

/**
 * Upserts the prose of many turns in one statement (the newest event per seq wins, as one-by-one
 * under the `last_seq` guard would) and answers what changed. The text is redacted again on the way
 * in (docs/redaction.md: every write path, defence in depth).
 */
export async function upsertProseTurns(sql: Sql, turns: TurnEvent[]): Promise<ChangedSessions> {
  const rows = newestPerKey(
    turns.filter((turn) => turn.event.sessionId),
    (turn) => JSON.stringify([turn.event.accountId, turn.event.sessionId, turn.event.payload.seq]),
  );
  const changed: ChangedSessions = new Map();
  if (rows.length === 0) return changed;
  const column = <T>(pick: (t: TurnEvent) => T) => rows.map(pick);
  const written: Array<{ account_id: string; session_id: string; seq: number }> = await sql.query(
    `INSERT INTO recall_turns (account_id, session_id, seq, role, text, occurred_at, last_seq)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::timestamptz[], $7::bigint[])
     ON CONFLICT (account_id, session_id, seq) DO UPDATE SET role = EXCLUDED.role, text = EXCLUDED.text,
       occurred_at = EXCLUDED.occurred_at, last_seq = EXCLUDED.last_seq
     WHERE recall_turns.last_seq < EXCLUDED.last_seq
     RETURNING account_id, session_id, seq`,
    [
      column((t) => t.event.accountId),
      column((t) => t.event.sessionId),
      column((t) => t.event.payload.seq),
      column((t) => t.event.payload.role),
      column((t) => redact(chunkText(t.event.payload)).text),
      column((t) => t.event.occurredAt),
      column((t) => t.seq),
    ],
  );
  for (const row of written) {
    const key = JSON.stringify([row.account_id, row.session_id]);
    const seen = changed.get(key);
    if (!seen || row.seq < seen.fromSeq)
      changed.set(key, { accountId: row.account_id, sessionId: row.session_id, fromSeq: row.seq });
  }
  return changed;
}

/**
 * Re-packs each changed session from the window before the one holding its lowest changed turn
 * (that window's context names the next window's first turn). Packing starts one window earlier
 * still, so the first rewritten window knows the turn before it; greedy windows depend only on where
 * they start, so the result equals packing the whole session.
 *
 * `fresh`: the chunk tables were created in this transaction and hold nothing yet (a replay's
 * finish), so there are no windows to look up or replace: three statements a session fewer.
 */
export async function rechunkSessions(
  sql: Sql,
  changed: ChangedSessions,
  options: { fresh?: boolean } = {},
): Promise<void> {
  // the lexeme counts change once per account and batch: counted per session, a batch of a hundred
  // sessions rewrote a common lexeme's row a hundred times in one transaction, none of them prunable
  // before it ends (recall_lexemes held 2.1M dead rows beside 20,000 live after building 100,000 chunks)
  const counts = new Map<
    string,
    { gone: Array<{ lexemes: string[] }>; added: Array<{ lexemes: string[] }> }
  >();
  const countsOf = (accountId: string) =>
    counts.get(accountId) ?? counts.set(accountId, { gone: [], added: [] }).get(accountId)!;
  for (const { accountId, sessionId, fromSeq } of changed.values()) {
    const edges: Array<{ first_seq: number }> = options.fresh
      ? []
      : await sql.query(
          `SELECT first_seq FROM recall_chunks WHERE account_id = $1 AND session_id = $2 AND first_seq <= $3 ORDER BY first_seq DESC LIMIT 3`,
          [accountId, sessionId, fromSeq],
        );
    // edges[0] holds the change; edges[1] is rewritten for its context; edges[2] is read for context only
    const rewriteFrom = edges[1]?.first_seq ?? edges[0]?.first_seq ?? -1;
    const readFrom = edges[2]?.first_seq ?? rewriteFrom;
    const turns = await sql.query<
      Array<{ seq: number; role: string; text: string; occurred_at: Date; last_seq: string }>
    >(
      `SELECT seq, role, text, occurred_at, last_seq FROM recall_turns WHERE account_id = $1 AND session_id = $2 AND seq >= $3 AND text <> '' ORDER BY seq`,
      [accountId, sessionId, readFrom],
    );
    const prose = turns
      .map((t) => ({
        seq: t.seq,
        role: t.role,
        text: t.text,
        occurredAt: new Date(t.occurred_at).toISOString(),
      }))
      .filter<ChunkTurn>(isProse);
    const logSeq = new Map(turns.map((t) => [t.seq, Number(t.last_seq)]));
    const chunks = packChunks(prose).filter((chunk) => chunk.firstSeq >= rewriteFrom);
    if (!options.fresh) {
      await sql.query(
        `DELETE FROM recall_chunk_terms WHERE account_id = $1 AND session_id = $2 AND first_seq >= $3`,
        [accountId, sessionId, rewriteFrom],
      );
      const gone: Array<{ lexemes: string[] }> = await sql.query(
        // the terms table keeps hashes only: the replaced chunks' lexemes come again from their text, as they were written.
        // A SELECT over the deleted rows: a bare DELETE … RETURNING answers [rows, count] through TypeORM
        `WITH gone AS (DELETE FROM recall_chunks WHERE account_id = $1 AND session_id = $2 AND first_seq >= $3 RETURNING text)
         SELECT ${CHUNK_LEXEMES_SQL('text')} AS lexemes FROM gone`,
        [accountId, sessionId, rewriteFrom],
      );
      countsOf(accountId).gone.push(...gone);
    }
    if (chunks.length === 0) continue;
    const column = <T>(pick: (c: (typeof chunks)[number]) => T) => chunks.map(pick);
    const added: Array<{ lexemes: string[] }> = await sql.query(
      `WITH c AS (SELECT *, ${CHUNK_LEXEMES_SQL('c.text')} AS lexemes
                  FROM unnest($3::text[], $4::int[], $5::jsonb[], $6::text[], $7::text[], $8::timestamptz[], $9::bigint[])
                    AS c(chunk_id, first_seq, turns, text, context, occurred_at, last_seq)),
       terms AS (
         INSERT INTO recall_chunk_terms (account_id, chunk_id, session_id, first_seq, occurred_at, term_hashes, near_hashes, last_seq)
         SELECT $1, c.chunk_id, $2, c.first_seq, c.occurred_at, ${LEXEME_HASHES_SQL('c.lexemes')}, ${LEXEME_HASHES_SQL(CHUNK_LEXEMES_SQL('c.context'))}, c.last_seq FROM c),
       chunks AS (
         INSERT INTO recall_chunks (account_id, chunk_id, session_id, first_seq, seqs, turns, turn_lexemes, text, context, occurred_at, last_seq, text_hash)
         SELECT $1, c.chunk_id, $2, c.first_seq, ARRAY(SELECT jsonb_array_elements(c.turns) ->> 'seq')::int[], c.turns, ${TURN_LEXEMES_SQL('c.turns')},
                c.text, c.context, c.occurred_at, c.last_seq, encode(sha256(convert_to(c.text, 'UTF8')), 'hex')
         FROM c)
       SELECT lexemes FROM c`,
      [
        accountId,
        sessionId,
        column((c) => chunkIdOf(sessionId, c.firstSeq)),
        column((c) => c.firstSeq),
        column((c) => JSON.stringify(c.turns.map(({ seq, role, text }) => ({ seq, role, text })))),
        column((c) => c.text),
        column((c) => c.context),
        column((c) => c.occurredAt),
        // the newest event among its own turns: a function of the chunk, so replay writes the same
        column((c) => Math.max(...c.turns.map((t) => logSeq.get(t.seq) ?? 0))),
      ],
    );
    countsOf(accountId).added.push(...added);
  }
  for (const accountId of [...counts.keys()].sort())
    await countLexemes(sql, accountId, counts.get(accountId)!.gone, counts.get(accountId)!.added);
}

/**
 * Keeps recall_lexemes equal to the document frequencies of the account's chunk terms: adds the
 * written chunks' lexemes, takes away the replaced ones', and drops a lexeme no chunk holds any more
 * (so the table is a function of the chunks, and replay writes the same rows). Rows are upserted in
 * lexeme order, so two writers of one account lock them in the same order.
 */
async function countLexemes(
  sql: Sql,
  accountId: string,
  gone: Array<{ lexemes: string[] }>,
  added: Array<{ lexemes: string[] }>,
): Promise<void> {
  const delta = lexemeDelta(
    gone.map((r) => r.lexemes),
    added.map((r) => r.lexemes),
  );
  if (delta.size === 0) return;
  const lexemes = [...delta.keys()].sort();
  await sql.query(
    `INSERT INTO recall_lexemes AS x (account_id, lexeme, df) SELECT $1, l, n FROM unnest($2::text[], $3::int[]) AS d(l, n)
     ON CONFLICT (account_id, lexeme) DO UPDATE SET df = x.df + EXCLUDED.df`,
    [accountId, lexemes, lexemes.map((l) => delta.get(l)!)],
  );
  const fallen = lexemes.filter((l) => delta.get(l)! < 0);
  if (fallen.length > 0)
    await sql.query(
      `DELETE FROM recall_lexemes WHERE account_id = $1 AND lexeme = ANY($2::text[]) AND df <= 0`,
      [accountId, fallen],
    );
}
