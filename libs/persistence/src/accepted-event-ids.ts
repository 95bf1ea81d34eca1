import type { DataSource } from 'typeorm';
import type { StreamKind } from '@mnemo/contracts';
import type { AcceptedEventIds } from '@mnemo/eventing';

/**
 * The accepted-id record in Postgres. The insert that claims an id and the append it guards run in one
 * transaction: a concurrent insert of the same id (a second request, another gateway instance) waits on
 * the primary key until this one commits (then it sees the id as known) or rolls back because the append
 * failed (then the id is free again). A crash before the commit rolls back, so no id is ever recorded
 * for an event the log did not take.
 */
export class PgAcceptedEventIds implements AcceptedEventIds {
  constructor(private readonly db: DataSource) {}

  admit(
    stream: StreamKind,
    ids: readonly string[],
    append: (fresh: readonly string[]) => Promise<ReadonlyMap<string, number>>,
  ): Promise<ReadonlyMap<string, number>> {
    return this.db.transaction(async (tx) => {
      const claimed: Array<{ event_id: string }> = await tx.query(
        `INSERT INTO accepted_event_ids (stream, event_id, seq) SELECT $1, id, 0 FROM unnest($2::text[]) AS id ORDER BY id
         ON CONFLICT (stream, event_id) DO NOTHING RETURNING event_id`,
        [stream, ids],
      );
      const mine = new Set(claimed.map((row) => row.event_id));
      const fresh = ids.filter((id) => mine.has(id));
      const others = ids.filter((id) => !mine.has(id));
      const known = new Map<string, number>();
      if (others.length) {
        const rows: Array<{ event_id: string; seq: string }> = await tx.query(
          `SELECT event_id, seq FROM accepted_event_ids WHERE stream = $1 AND event_id = ANY($2::text[])`,
          [stream, others],
        );
        for (const row of rows) known.set(row.event_id, Number(row.seq));
      }
      if (fresh.length) {
        const seqs = await append(fresh);
        await tx.query(
          `UPDATE accepted_event_ids a SET seq = s.seq FROM unnest($2::text[], $3::bigint[]) AS s(id, seq)
           WHERE a.stream = $1 AND a.event_id = s.id`,
          [stream, fresh, fresh.map((id) => seqs.get(id) ?? 0)],
        );
      }
      return known;
    });
  }
}
