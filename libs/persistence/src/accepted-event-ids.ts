import type { DataSource } from 'typeorm';
import { escapeLiteral, type QueryResult } from 'pg';
import type { StreamKind } from '@mnemo/contracts';
import type { AcceptedEventIds } from '@mnemo/eventing';
import { inOwnTransaction } from './own-transaction';

/**
 * The accepted-id record in Postgres. The insert that claims an id and the append it guards run in one
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
  constructor(private readonly db: DataSource) {}

  async admit(
    stream: StreamKind,
    ids: readonly string[],
    append: (fresh: readonly string[]) => Promise<ReadonlyMap<string, number>>,
  ): Promise<ReadonlyMap<string, number>> {
    if (ids.length === 0) return new Map();
    return inOwnTransaction(this.db, async (_runner, client) => {
      const opened = (await client.query(
        `BEGIN; INSERT INTO accepted_event_ids (stream, event_id, seq) SELECT ${escapeLiteral(stream)}, id, 0 FROM unnest(${textArray(ids)}) AS id ORDER BY id
         ON CONFLICT (stream, event_id) DO NOTHING RETURNING event_id`,
      )) as unknown as QueryResult<{ event_id: string }>[];
      const mine = new Set(opened[1].rows.map((row) => row.event_id));
      const fresh = ids.filter((id) => mine.has(id));
      const others = ids.filter((id) => !mine.has(id));
      const known = new Map<string, number>();
      if (others.length) {
        const { rows } = await client.query<{ event_id: string; seq: string }>(
          `SELECT event_id, seq FROM accepted_event_ids WHERE stream = $1 AND event_id = ANY($2::text[])`,
          [stream, others],
        );
        for (const row of rows) known.set(row.event_id, Number(row.seq));
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
          fresh.map((id) => seqs.get(id) ?? 0),
        )}; COMMIT`,
      );
      return known;
    });
  }
}

/**
 * The claimed rows take their sequences through their key, one ON CONFLICT index lookup per row. An
 * UPDATE … FROM unnest(…) was planned as a hash join over every id of the stream while the table's
 * statistics still called it small (a fresh or fast-growing table): 3 to 4 times the Postgres CPU.
 */
export function recordSequencesSql(
  stream: StreamKind,
  ids: readonly string[],
  seqs: readonly number[],
): string {
  return `INSERT INTO accepted_event_ids (stream, event_id, seq)
    SELECT ${escapeLiteral(stream)}, s.id, s.seq FROM unnest(${textArray(ids)}, ${bigintArray(seqs)}) AS s(id, seq)
    ON CONFLICT (stream, event_id) DO UPDATE SET seq = excluded.seq`;
}

const textArray = (values: readonly string[]): string =>
  `ARRAY[${values.map(escapeLiteral).join(',')}]::text[]`;

const bigintArray = (values: readonly number[]): string => {
  if (!values.every(Number.isSafeInteger)) throw new Error('a sequence is not an integer');
  return `ARRAY[${values.join(',')}]::bigint[]`;
};
