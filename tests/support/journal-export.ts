import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/** Debian's systemd-journal-remote: turns a journal export file into a journal `journalctl -D` reads. */
export const JOURNAL_REMOTE = '/lib/systemd/systemd-journal-remote';
const BOOT_ID = '0123456789abcdef0123456789abcdef';

export interface JournalTestEntry {
  message: string | Buffer;
  priority?: number;
  unit?: string;
}

let clock = BigInt(Date.now()) * 1000n;

/**
 * Entries in the journal export format (systemd.io/JOURNAL_EXPORT_FORMAT): `FIELD=value` lines, and a
 * binary field (bytes that are not text) as its name, a little-endian 64-bit length and the bytes.
 */
export function journalExport(entries: readonly JournalTestEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    clock += 1000n;
    parts.push(
      Buffer.from(
        `__REALTIME_TIMESTAMP=${clock}\n__MONOTONIC_TIMESTAMP=${clock}\n_BOOT_ID=${BOOT_ID}\n` +
          `_HOSTNAME=journal-test\nPRIORITY=${entry.priority ?? 6}\n` +
          `SYSLOG_IDENTIFIER=${entry.unit ?? 'test.service'}\n`,
      ),
    );
    const message = entry.message;
    if (typeof message === 'string' && !message.includes('\n'))
      parts.push(Buffer.from(`MESSAGE=${message}\n`));
    else {
      const bytes = Buffer.from(message);
      const length = Buffer.alloc(8);
      length.writeBigUInt64LE(BigInt(bytes.length));
      parts.push(Buffer.from('MESSAGE\n'), length, bytes, Buffer.from('\n'));
    }
    parts.push(Buffer.from('\n'));
  }
  return Buffer.concat(parts);
}

/** Appends entries to `dir`'s journal file (made on first use), as a host's journald would. */
export async function appendToJournal(
  dir: string,
  entries: readonly JournalTestEntry[],
): Promise<void> {
  const exportFile = `${dir}.${clock}.export`;
  writeFileSync(exportFile, journalExport(entries));
  await promisify(execFile)(JOURNAL_REMOTE, ['-o', path.join(dir, 'test.journal'), exportFile]);
}
