import * as fs from 'node:fs';

const NEWLINE = 0x0a;
/** Like JetStream's default sync interval, fsync is batched: a process crash loses nothing, a power cut the last moments. */
const FSYNC_DELAY_MS = 100;

/**
 * Reads every complete line of a JSON-lines file. A torn last line (the process died mid-write) is cut off
 * so later appends start on a clean line; a bad line before the end is corruption and throws.
 */
export function readJsonLines(file: string): unknown[] {
  if (!fs.existsSync(file)) return [];
  const bytes = fs.readFileSync(file);
  const records: unknown[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const end = bytes.indexOf(NEWLINE, offset);
    if (end === -1) break;
    const line = bytes.subarray(offset, end).toString('utf8');
    if (line.trim() !== '') {
      try {
        records.push(JSON.parse(line));
      } catch (error) {
        if (end + 1 < bytes.length) {
          throw new Error(`${file}: line at byte ${offset} is not JSON; the file is corrupt`, {
            cause: error,
          });
        }
        break;
      }
    }
    offset = end + 1;
  }
  if (offset < bytes.length) fs.truncateSync(file, offset);
  return records;
}

/** Writes a whole file so a reader sees the old or the new content, never half of one: temp file, fsync, rename. */
export function writeFileAtomic(file: string, content: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temp, 'w');
  try {
    fs.writeFileSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
}

/** An append-only JSON-lines file: writes go straight to the OS, fsync follows shortly after. */
export class JsonlAppender {
  private fd: number;
  private syncTimer: NodeJS.Timeout | undefined;

  constructor(private readonly file: string) {
    this.fd = fs.openSync(file, 'a');
  }

  append(records: readonly unknown[]): void {
    if (records.length === 0) return;
    const text = records.map((r) => `${JSON.stringify(r)}\n`).join('');
    fs.writeSync(this.fd, text);
    this.syncTimer ??= setTimeout(() => this.sync(), FSYNC_DELAY_MS).unref();
  }

  /** Replaces the file's content atomically (compaction) and keeps appending to the new file. */
  rewrite(records: readonly unknown[]): void {
    this.sync();
    fs.closeSync(this.fd);
    writeFileAtomic(this.file, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    this.fd = fs.openSync(this.file, 'a');
  }

  sync(): void {
    clearTimeout(this.syncTimer);
    this.syncTimer = undefined;
    fs.fsyncSync(this.fd);
  }

  close(): void {
    this.sync();
    fs.closeSync(this.fd);
  }
}
