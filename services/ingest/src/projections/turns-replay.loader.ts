import { isStoredOf, type StoredEventOf } from '@mnemo/contracts';
import {
  COPY_NULL,
  CopyRows,
  copyField,
  type BulkSql,
  type ReplayLoader,
} from '@mnemo/persistence';
import { TURN_COLUMNS, turnRow } from './turns-bulk';

/**
 * How a replay fills `turns`: COPY appends a row for every turn event, and the primary key is built
 * once at the end, instead of an upsert probing the key for each row (Postgres CPU for 200,000
 * turns: 0.7 s against 2.3 to 3.6 s, same rows). A turn the log holds more than once (re-emitted
 * with its tool results) is copied each time; before the key is built, the older rows of such a
 * turn are deleted, leaving what the live upserts leave: the newest event's row. Which keys may
 * repeat comes from a set of key hashes, so only those keys are looked at (a hash collision only
 * adds a key that has nothing to delete).
 */
export class TurnsReplayLoader implements ReplayLoader {
  private readonly seen = new HashSet32();
  private repeated: Array<{ a: string; s: string; q: number }> = [];

  /** `applyOthers`: a batch's events other than turns, in log order, once per batch. */
  constructor(
    private readonly applyOthers: (sql: BulkSql, events: StoredEventOf[]) => Promise<void>,
  ) {}

  async begin(sql: BulkSql): Promise<void> {
    await sql.query('ALTER TABLE turns DROP CONSTRAINT turns_pkey');
  }

  async applyMany(sql: BulkSql, events: StoredEventOf[]): Promise<void> {
    const rows = new CopyRows();
    const others: StoredEventOf[] = [];
    for (const stored of events) {
      if (!isStoredOf(stored, ['TurnRecorded'])) {
        others.push(stored);
        continue;
      }
      const row = turnRow(stored);
      // a turn without a session fails on the NOT NULL column, as its upsert would
      const session = row.s ?? '';
      if (!this.seen.add(keyHash(row.a, session, row.q)))
        this.repeated.push({ a: row.a, s: session, q: row.q });
      rows.add(
        `${copyField(row.a)}\t${row.s === undefined ? COPY_NULL : copyField(row.s)}\t${row.q}\t${copyField(row.r)}\t${copyField(row.t)}\t${
          row.c === null ? COPY_NULL : copyField(JSON.stringify(row.c))
        }\t${row.b ? 't' : 'f'}\t${copyField(row.o)}\t${copyField(row.i)}\t${row.l}\n`,
      );
    }
    if (others.length) await this.applyOthers(sql, others);
    if (rows.count) await sql.copyFrom(`COPY turns (${TURN_COLUMNS}) FROM STDIN`, rows);
  }

  async finish(sql: BulkSql): Promise<void> {
    if (this.repeated.length) {
      await sql.query(
        `DELETE FROM turns t USING (
           SELECT account_id, session_id, seq, max(last_seq) AS last_seq FROM turns
           WHERE (account_id, session_id, seq) IN (SELECT a, s, q FROM json_to_recordset($1::json) AS k(a text, s text, q int))
           GROUP BY account_id, session_id, seq
         ) newest
         WHERE t.account_id = newest.account_id AND t.session_id = newest.session_id AND t.seq = newest.seq AND t.last_seq < newest.last_seq`,
        [JSON.stringify(this.repeated)],
      );
      this.repeated = [];
    }
    await sql.query(
      'ALTER TABLE turns ADD CONSTRAINT turns_pkey PRIMARY KEY (account_id, session_id, seq)',
    );
  }
}

/** FNV-1a over the turn's key, never 0 (HashSet32's empty slot). */
function keyHash(accountId: string, sessionId: string, seq: number): number {
  let hash = 0x811c9dc5;
  const key = `${accountId}\u0000${sessionId}\u0000${seq}`;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0 || 1;
}

/** A set of non-zero 32-bit numbers in one typed array (4 bytes a slot, at most half full), for logs of any length. */
class HashSet32 {
  private slots = new Uint32Array(1 << 16);
  private size = 0;

  /** False when `value` was there already. */
  add(value: number): boolean {
    if ((this.size + 1) * 2 > this.slots.length) this.grow();
    const mask = this.slots.length - 1;
    for (let i = value & mask; ; i = (i + 1) & mask) {
      if (this.slots[i] === value) return false;
      if (this.slots[i] === 0) {
        this.slots[i] = value;
        this.size += 1;
        return true;
      }
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    this.size = 0;
    for (const value of old) if (value !== 0) this.add(value);
  }
}
