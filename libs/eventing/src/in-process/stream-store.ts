import {
  accountEventKey,
  streamSubject,
  type EventEnvelope,
  type StreamKind,
} from '@mnemo/contracts';
import type { AppendResult } from '../event-log.port';
import { JsonlAppender, readJsonLines } from './jsonl-file';

export interface StoredRecord {
  seq: number;
  subject: string;
  event: EventEnvelope;
}

/**
 * File lines: a stored message, or the tombstone of a deleted one (kept so its key still dedups): `key`
 * is its accountEventKey; `id` alone, a bare event id, is a tombstone from before keys had an account.
 */
type Line = { seq: number; event: EventEnvelope } | { del: number; key?: string; id?: string };

/** Raw input should not linger on disk once deleted, but compaction rewrites the whole file: do it geometrically. */
const COMPACT_MIN_DELETED = 1024;
/** …and, once deletions stop for this long, whatever bodies are left go too. */
const COMPACT_QUIET_MS = 1000;

/**
 * One stream's messages in memory, in sequence order, optionally mirrored to a JSON-lines file.
 * Sequences start at 1 and never repeat; events are remembered by account and id for the life of the
 * stream (docs/event-log.md).
 */
export class StreamStore {
  private readonly records: (StoredRecord | undefined)[] = [];
  private readonly keys = new Map<string, number>();
  /** Bare ids of tombstones written before keys had an account: a duplicate for any account. */
  private readonly unscopedIds = new Map<string, number>();
  /** What a deleted message's tombstone keeps. */
  private readonly deleted = new Map<number, { key: string } | { id: string }>();
  private last = 0;
  /** Deleted messages whose full body is still in the file. */
  private deletedBodiesInFile = 0;
  private readonly appender: JsonlAppender | null;
  private quietCompaction: NodeJS.Timeout | null = null;

  constructor(
    readonly kind: StreamKind,
    file: { path: string } | null,
  ) {
    if (file) this.load(readJsonLines(file.path) as Line[]);
    this.appender = file ? new JsonlAppender(file.path) : null;
    if (this.deletedBodiesInFile > 0) this.compact();
  }

  get lastSeq(): number {
    return this.last;
  }

  append(events: readonly EventEnvelope[]): AppendResult[] {
    const results: AppendResult[] = [];
    const lines: Line[] = [];
    for (const original of events) {
      const known = this.keys.get(accountEventKey(original)) ?? this.unscopedIds.get(original.id);
      if (known !== undefined) {
        results.push({ seq: known, duplicate: true });
        continue;
      }
      // A JSON round trip stores what the wire would carry, and detaches the caller's object.
      const event = JSON.parse(JSON.stringify(original)) as EventEnvelope;
      const seq = ++this.last;
      this.put(seq, event);
      lines.push({ seq, event });
      results.push({ seq, duplicate: false });
    }
    this.appender?.append(lines);
    return results;
  }

  get(seq: number): StoredRecord | undefined {
    return this.records[seq - 1];
  }

  delete(seq: number): void {
    const record = this.records[seq - 1];
    if (!record) return;
    this.records[seq - 1] = undefined;
    this.deleted.set(seq, { key: accountEventKey(record.event) });
    if (!this.appender) return;
    this.appender.append([{ del: seq }]);
    this.deletedBodiesInFile++;
    if (this.deletedBodiesInFile >= Math.max(COMPACT_MIN_DELETED, Math.floor(this.last / 4)))
      this.compact();
    else this.compactWhenQuiet();
  }

  private compactWhenQuiet(): void {
    if (this.quietCompaction) clearTimeout(this.quietCompaction);
    this.quietCompaction = setTimeout(() => {
      this.quietCompaction = null;
      if (this.deletedBodiesInFile > 0) this.compact();
    }, COMPACT_QUIET_MS);
    this.quietCompaction.unref();
  }

  /** Stored records with fromSeq <= seq <= toSeq, in order. */
  *range(fromSeq: number, toSeq: number = this.last): Iterable<StoredRecord> {
    for (let seq = Math.max(1, fromSeq); seq <= Math.min(toSeq, this.last); seq++) {
      const record = this.records[seq - 1];
      if (record) yield record;
    }
  }

  close(): void {
    if (this.quietCompaction) clearTimeout(this.quietCompaction);
    if (this.deletedBodiesInFile > 0) this.compact();
    this.appender?.close();
  }

  private put(seq: number, event: EventEnvelope): void {
    this.records[seq - 1] = {
      seq,
      subject: streamSubject(this.kind, event),
      event,
    };
    this.keys.set(accountEventKey(event), seq);
  }

  private load(lines: Line[]): void {
    for (const line of lines) {
      if ('del' in line) {
        this.last = Math.max(this.last, line.del);
        const record = this.records[line.del - 1];
        const key = record ? accountEventKey(record.event) : line.key;
        if (key !== undefined) {
          this.keys.set(key, line.del);
          this.deleted.set(line.del, { key });
        } else if (line.id !== undefined) {
          this.unscopedIds.set(line.id, line.del);
          this.deleted.set(line.del, { id: line.id });
        }
        if (record) this.deletedBodiesInFile++;
        this.records[line.del - 1] = undefined;
      } else {
        this.last = Math.max(this.last, line.seq);
        this.put(line.seq, line.event);
      }
    }
  }

  /** Rewrites the file without the bodies of deleted messages: unredacted raw input must not outlive its ack. */
  private compact(): void {
    if (!this.appender) return;
    const lines: Line[] = [];
    for (let seq = 1; seq <= this.last; seq++) {
      const record = this.records[seq - 1];
      if (record) lines.push({ seq, event: record.event });
      else {
        const tombstone = this.deleted.get(seq);
        // The highest sequence is kept even when deleted so numbering resumes after it.
        if (tombstone !== undefined || seq === this.last) lines.push({ del: seq, ...tombstone });
      }
    }
    this.appender.rewrite(lines);
    this.deletedBodiesInFile = 0;
  }
}
