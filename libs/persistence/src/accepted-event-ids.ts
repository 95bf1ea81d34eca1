import type { DataSource } from 'typeorm';
import { escapeLiteral, type QueryResult } from 'pg';
import { accountEventKey, type StreamKind } from '@mnemo/contracts';
import type { AcceptedEventIds, AcceptedKey } from '@mnemo/eventing';
import { inOwnTransaction } from './own-transaction';

/**
 * The accepted-id record in Postgres, keyed by stream, event id and account. The insert that claims an id and the append it guards run in one
 * transaction: a concurrent insert of the same id (a second request, another gateway instance) waits on
 * the primary key until this one commits (then it sees the id as known) or rolls back because the append
 * failed (then the id is free again). A crash before the commit rolls back, so no id is ever recorded
 * for an event the log did not take.
 *
 * Two round trips for a batch of fresh ids (issue 17: each is about 1 ms of CPU on the loaded bench
 * machine, and the gateway and the redaction step each pay them): the transaction opens with the claim,
 * and the sequences go with the commit. A multi-statement query takes no parameters, so the ids are
 * written in as escaped literals.
 */
export class PgAcceptedEventIds implements AcceptedEventIds {
  /** Whether rows from before keys had an account are left; none are ever written again. */
  private unscoped: Promise<boolean> | null = null;

  constructor(private readonly db: DataSource) {}

  async admit(
    stream: StreamKind,
    keys: readonly AcceptedKey[],
    append: (fresh: readonly AcceptedKey[]) => Promise<ReadonlyMap<string, number>>,
  ): Promise<ReadonlyMap<string, number>> {
    if (keys.length === 0) return new Map();
    const unscoped = await this.hasUnscopedRows();
    return inOwnTransaction(this.db, async (_runner, client) => {
      const opened = (await client.query(
        `BEGIN; ${claimSql(stream, keys, unscoped)}`,
      )) as unknown as QueryResult<{ account_id: string; event_id: string }>[];
      const mine = new Set(opened[1].rows.map(accountEventKeyOf));
      const fresh = keys.filter((key) => mine.has(accountEventKey(key)));
      const others = keys.filter((key) => !mine.has(accountEventKey(key)));
      const known = new Map<string, number>();
      if (others.length) {
        const { rows } = await client.query<{ account_id: string; event_id: string; seq: string }>(
          `SELECT a.account_id, a.event_id, a.seq FROM accepted_event_ids a
           JOIN unnest($2::text[], $3::text[]) AS k(account_id, event_id)
             ON a.event_id = k.event_id AND a.account_id IN (k.account_id, '')
           WHERE a.stream = $1`,
          [stream, others.map((k) => k.accountId), others.map((k) => k.id)],
        );
        // the key's own row, else a row from before keys had an account, which answers any account
        for (const key of others) {
          const row =
            rows.find((r) => r.event_id === key.id && r.account_id === key.accountId) ??
            rows.find((r) => r.event_id === key.id && r.account_id === '');
          if (row) known.set(accountEventKey(key), Number(row.seq));
        }
      }
      if (fresh.length === 0) {
        await client.query('COMMIT');
        return known;
      }
      const seqs = await append(fresh);
      await client.query(
        `${recordSequencesSql(
          stream,
          fresh,
          fresh.map((key) => seqs.get(accountEventKey(key)) ?? 0),
        )}; COMMIT`,
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
 * order). A row from before keys had an account answers its id for any account, so such an id is not
 * claimed again.
 */
function claimSql(stream: StreamKind, keys: readonly AcceptedKey[], unscoped: boolean): string {
  const unscopedRow = unscoped
    ? `WHERE NOT EXISTS (SELECT 1 FROM accepted_event_ids u WHERE u.stream = ${escapeLiteral(stream)} AND u.event_id = k.event_id AND u.account_id = '')`
    : '';
  return `INSERT INTO accepted_event_ids (stream, account_id, event_id, seq)
    SELECT ${escapeLiteral(stream)}, k.account_id, k.event_id, 0
    FROM unnest(${textArray(keys.map((k) => k.accountId))}, ${textArray(keys.map((k) => k.id))}) AS k(account_id, event_id)
    ${unscopedRow}
    ORDER BY k.event_id, k.account_id
    ON CONFLICT (stream, event_id, account_id) DO NOTHING RETURNING account_id, event_id`;
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
