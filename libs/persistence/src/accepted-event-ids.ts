import type { DataSource } from 'typeorm';
import { escapeLiteral, type QueryResult } from 'pg';
import { accountEventKey, type StreamKind } from '@mnemo/contracts';
import type { AcceptedEventIds, AcceptedKey } from '@mnemo/eventing';
import { inOwnTransaction } from './own-transaction';
import type { Sql } from './projection';

/**
 * Event types whose ids are remembered only for the short window (accepted_event_ids), never as durable
 * keys: build telemetry, one event per context build, made by the platform itself with fresh ids.
 */
const WINDOW_ONLY_TYPES: ReadonlySet<string> = new Set(['FeatureEventRecorded']);

export interface AcceptedEventIdsOptions {
  /** Stamps accepted_at (compaction goes by it); tests move it on instead of waiting. */
  clock?: () => Date;
}

/**
 * The accepted-id record in Postgres, in two parts (docs/event-log.md: bounded growth):
 * - `accepted_event_ids`, by stream, event id and account, the short-window record: every id a stream
 *   took, telemetry and raw input included, compacted by age past the log's duplicate window
 *   (compactAcceptedEventIds);
 * - `event_keys`, by account and event id, one durable key per event stored in MNEMO_EVENTS (but
 *   telemetry), kept for good, written in the same transaction as the event's own record. A resend of an
 *   id compacted away is still answered from it as a duplicate, at the gateway (raw) as in redaction.
 *
 * The insert that claims an id and the append it guards run in one
 * transaction: a concurrent insert of the same id (a second request, another gateway instance) waits on
 * the primary key until this one commits (then it sees the id as known) or rolls back because the append
 * failed (then the id is free again). A crash before the commit rolls back, so no id is ever recorded
 * for an event the log did not take.
 *
 * Two round trips for a batch of fresh ids (measured: each is about 1 ms of CPU on the loaded bench
 * machine, and the gateway and the redaction step each pay them): the transaction opens with the claim,
 * and the sequences go with the commit. A multi-statement query takes no parameters, so the ids are
 * written in as escaped literals.
 */
export class PgAcceptedEventIds implements AcceptedEventIds {
  /** Whether rows from before keys had an account are left; none are ever written again. */
  private unscoped: Promise<boolean> | null = null;

  private readonly clock: () => Date;

  constructor(
    private readonly db: DataSource,
    options: AcceptedEventIdsOptions = {},
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  async admit(
    stream: StreamKind,
    keys: readonly AcceptedKey[],
    append: (fresh: readonly AcceptedKey[]) => Promise<ReadonlyMap<string, number>>,
  ): Promise<ReadonlyMap<string, number>> {
    if (keys.length === 0) return new Map();
    const unscoped = await this.hasUnscopedRows();
    return inOwnTransaction(this.db, async (_runner, client) => {
      const opened = (await client.query(
        `BEGIN; ${claimSql(stream, keys, unscoped, this.clock())}`,
      )) as unknown as QueryResult<{ account_id: string; event_id: string }>[];
      // BEGIN answers first, the claim second.
      const mine = new Set((opened[1]?.rows ?? []).map(accountEventKeyOf));
      const fresh = keys.filter((key) => mine.has(accountEventKey(key)));
      const others = keys.filter((key) => !mine.has(accountEventKey(key)));
      const known = new Map<string, number>();
      if (others.length) {
        const { rows } = await client.query<{
          durable: boolean;
          account_id: string;
          event_id: string;
          seq: string;
        }>(
          `SELECT false AS durable, a.account_id, a.event_id, a.seq FROM accepted_event_ids a
           JOIN unnest($2::text[], $3::text[]) AS k(account_id, event_id)
             ON a.event_id = k.event_id AND a.account_id IN (k.account_id, '')
           WHERE a.stream = $1
           UNION ALL
           SELECT true, e.account_id, e.event_id, e.seq FROM event_keys e
           JOIN unnest($2::text[], $3::text[]) AS k(account_id, event_id)
             ON e.account_id = k.account_id AND e.event_id = k.event_id`,
          [stream, others.map((k) => k.accountId), others.map((k) => k.id)],
        );
        // the key's own row in this stream's record, else its durable key (compacted from the record:
        // the stored event's sequence), else a row from before keys had an account, which answers any
        const own = (durable: boolean, key: AcceptedKey, accountId: string) =>
          rows.find(
            (r) => r.durable === durable && r.event_id === key.id && r.account_id === accountId,
          );
        for (const key of others) {
          const row =
            own(false, key, key.accountId) ?? own(true, key, key.accountId) ?? own(false, key, '');
          if (row) known.set(accountEventKey(key), Number(row.seq));
        }
      }
      if (fresh.length === 0) {
        await client.query('COMMIT');
        return known;
      }
      const seqs = await append(fresh);
      const freshSeqs = fresh.map((key) => seqs.get(accountEventKey(key)) ?? 0);
      const durable = stream === 'events' ? durableKeysSql(fresh, freshSeqs) : null;
      await client.query(
        `${recordSequencesSql(stream, fresh, freshSeqs)}; ${durable ? `${durable}; ` : ''}COMMIT`,
      );
      return known;
    });
  }

  private hasUnscopedRows(): Promise<boolean> {
    this.unscoped ??= this.db
      .query(`SELECT EXISTS (SELECT 1 FROM accepted_event_ids WHERE account_id = '') AS any`)
      .then((rows: Array<{ any: boolean }>) => rows[0]?.any === true)
      .catch((error: unknown) => {
        this.unscoped = null;
        throw error;
      });
    return this.unscoped;
  }
}

/**
 * Claims the keys not accepted yet, in key order (two claimers of overlapping keys lock them in one
 * order). A key with a durable key (an event stored long ago, its record compacted) is not claimed: it is
 * a duplicate. A row from before keys had an account answers its id for any account, so such an id is
 * not claimed again.
 */
function claimSql(
  stream: StreamKind,
  keys: readonly AcceptedKey[],
  unscoped: boolean,
  now: Date,
): string {
  const unscopedRow = unscoped
    ? `AND NOT EXISTS (SELECT 1 FROM accepted_event_ids u WHERE u.stream = ${escapeLiteral(stream)} AND u.event_id = k.event_id AND u.account_id = '')`
    : '';
  return `INSERT INTO accepted_event_ids (stream, account_id, event_id, seq, accepted_at)
    SELECT ${escapeLiteral(stream)}, k.account_id, k.event_id, 0, ${escapeLiteral(now.toISOString())}::timestamptz
    FROM unnest(${textArray(keys.map((k) => k.accountId))}, ${textArray(keys.map((k) => k.id))}) AS k(account_id, event_id)
    WHERE NOT EXISTS (SELECT 1 FROM event_keys e WHERE e.account_id = k.account_id AND e.event_id = k.event_id)
    ${unscopedRow}
    ORDER BY k.event_id, k.account_id
    ON CONFLICT (stream, event_id, account_id) DO NOTHING RETURNING account_id, event_id`;
}

/** The durable keys of events just stored in MNEMO_EVENTS, telemetry left out. */
function durableKeysSql(keys: readonly AcceptedKey[], seqs: readonly number[]): string | null {
  if (seqs.length !== keys.length)
    throw new Error(`durable keys: ${keys.length} keys but ${seqs.length} sequence numbers`);
  const kept = keys.flatMap((key, i) => {
    const seq = seqs[i];
    return seq === undefined || (key.type !== undefined && WINDOW_ONLY_TYPES.has(key.type))
      ? []
      : [{ key, seq }];
  });
  if (kept.length === 0) return null;
  return `INSERT INTO event_keys (account_id, event_id, seq)
    SELECT s.account_id, s.event_id, s.seq
    FROM unnest(${textArray(kept.map((k) => k.key.accountId))}, ${textArray(kept.map((k) => k.key.id))}, ${bigintArray(kept.map((k) => k.seq))}) AS s(account_id, event_id, seq)
    ON CONFLICT (account_id, event_id) DO NOTHING`;
}

/** Rows deleted per statement: short transactions, never a long lock on the hot table. */
const COMPACT_BATCH = 5000;

/**
 * Deletes the short-window record's rows accepted before `acceptedBefore` (the log's duplicate window
 * and a margin ago), in batches; answers how many. What they answered is answered by the durable keys
 * (stored events) or no longer needs an answer (telemetry, raw input long redacted). Rows from before
 * keys had an account (an empty account) are kept: there are no new ones, and they have no durable key.
 */
export async function compactAcceptedEventIds(sql: Sql, acceptedBefore: Date): Promise<number> {
  let total = 0;
  for (;;) {
    // TypeORM answers a DELETE with its rows and its count
    const [, deleted] = await sql.query<[unknown, number]>(
      `DELETE FROM accepted_event_ids WHERE ctid = ANY(ARRAY(
         SELECT ctid FROM accepted_event_ids WHERE account_id <> '' AND accepted_at < $1 LIMIT ${COMPACT_BATCH}))`,
      [acceptedBefore.toISOString()],
    );
    total += deleted;
    if (deleted < COMPACT_BATCH) return total;
  }
}

const accountEventKeyOf = (row: { account_id: string; event_id: string }): string =>
  accountEventKey({ accountId: row.account_id, id: row.event_id });

/**
 * The claimed rows take their sequences through their key, one ON CONFLICT index lookup per row. An
 * UPDATE … FROM unnest(…) was planned as a hash join over every id of the stream while the table's
 * statistics still called it small (a fresh or fast-growing table): 3 to 4 times the Postgres CPU.
 */
export function recordSequencesSql(
  stream: StreamKind,
  keys: readonly AcceptedKey[],
  seqs: readonly number[],
): string {
  return `INSERT INTO accepted_event_ids (stream, account_id, event_id, seq)
    SELECT ${escapeLiteral(stream)}, s.account_id, s.event_id, s.seq
    FROM unnest(${textArray(keys.map((k) => k.accountId))}, ${textArray(keys.map((k) => k.id))}, ${bigintArray(seqs)}) AS s(account_id, event_id, seq)
    ON CONFLICT (stream, event_id, account_id) DO UPDATE SET seq = excluded.seq`;
}

const textArray = (values: readonly string[]): string =>
  `ARRAY[${values.map(escapeLiteral).join(',')}]::text[]`;

const bigintArray = (values: readonly number[]): string => {
  if (!values.every(Number.isSafeInteger)) throw new Error('a sequence is not an integer');
  return `ARRAY[${values.join(',')}]::bigint[]`;
};
