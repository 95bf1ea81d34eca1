import type { EventLog } from '@mnemo/eventing';
import type { DataSource } from 'typeorm';
import { allProjections } from '@mnemo/platform-service';

/**
 * Tables whose rows no request writes on its own path: the checkpoints, migrations and context
 * versions move with the projections as they apply events, the accepted-id record with every append
 * (the reactors' too; a request's own appends are seen in the log), and recall's query log is written
 * after a successful query has answered (so an earlier request's row may land during a later one).
 */
// Written in the background for any request: checkpoints, versions, accepted ids, the query log; and the
// cost ledger, which the model calls of reactions to earlier accepted events write while a later request
// is being probed (a refused request makes no model call, but its probe window can hold another's).
const UNATTRIBUTABLE = new Set([
  'projection_checkpoints',
  'migrations',
  'context_versions',
  'accepted_event_ids',
  'event_keys',
  'recall_queries',
  'cost_pool_days',
  'cost_reservations',
]);

export interface WriteMark {
  rawSeq: number;
  eventsSeq: number;
  tables: Record<string, string>;
}

/**
 * What a request may have written, to prove a rejected one wrote nothing: the log's sequences (the
 * projections only ever follow the log) and a checksum of each table that is not a projection
 * (operational state handlers write directly: the cost ledger, recall's query log, the accounts' keys).
 */
export class WriteProbe {
  private constructor(
    private readonly log: EventLog,
    private readonly dataSource: DataSource,
    private readonly tables: string[],
  ) {}

  static async open(log: EventLog, dataSource: DataSource, schema: string): Promise<WriteProbe> {
    const projected = new Set(allProjections().flatMap((p) => p.tables));
    const rows: Array<{ table_name: string }> = await dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name`,
      [schema],
    );
    const tables = rows
      .map((r) => r.table_name)
      .filter((t) => !projected.has(t) && !UNATTRIBUTABLE.has(t));
    return new WriteProbe(log, dataSource, tables);
  }

  async mark(): Promise<WriteMark> {
    // One round trip for every table: the probe runs around each of hundreds of requests.
    const sums: Promise<Array<{ i: number; sum: string }>> = this.tables.length
      ? this.dataSource.query<Array<{ i: number; sum: string }>>(
          this.tables
            .map(
              (table, i) =>
                `SELECT ${i} AS i, count(*)::text || ':' || md5(coalesce(string_agg(md5(t::text), '' ORDER BY md5(t::text)), '')) AS sum FROM "${table}" t`,
            )
            .join(' UNION ALL '),
        )
      : Promise.resolve([]);
    const [rawSeq, eventsSeq, rows] = await Promise.all([
      this.log.lastSeq('raw'),
      this.log.lastSeq('events'),
      sums,
    ]);
    const tables: Record<string, string> = {};
    for (const row of rows) {
      const table = this.tables[row.i];
      if (table !== undefined) tables[table] = row.sum;
    }
    return { rawSeq, eventsSeq, tables };
  }

  /** What changed since `before` that a request with this correlation id wrote; empty when nothing. */
  async writesSince(before: WriteMark, correlationId: string): Promise<string[]> {
    const after = await this.mark();
    const found: string[] = [];
    if (after.rawSeq !== before.rawSeq) found.push(`raw stream ${before.rawSeq} → ${after.rawSeq}`);
    if (after.eventsSeq !== before.eventsSeq) {
      for await (const batch of this.log.read('events', before.eventsSeq + 1)) {
        for (const stored of batch)
          if (stored.event.correlationId === correlationId)
            found.push(`event ${stored.event.type} #${stored.seq}`);
      }
    }
    for (const [table, sum] of Object.entries(after.tables))
      if (before.tables[table] !== sum) found.push(`table ${table}`);
    return found;
  }
}
