import { severityOfPriority, type RawLogLine } from './log-line';

/** The fields asked of journalctl (`--output-fields`); the cursor and timestamps always come too. */
export const JOURNAL_FIELDS = [
  'MESSAGE',
  'PRIORITY',
  '_SYSTEMD_UNIT',
  'SYSLOG_IDENTIFIER',
  '_HOSTNAME',
] as const;

export type JournalEntry =
  | { cursor: string; line: RawLogLine }
  /** An entry with no message to fold (none, or not a string or bytes): its cursor still moves. */
  | { cursor: string; line: null };

const utf8 = new TextDecoder('utf-8', { fatal: false });

/**
 * One line of `journalctl --output=json`, or null when it is not an entry (the `-- cursor:` trailer
 * of `--show-cursor`, a line that is not JSON or carries no cursor). journald writes a field that is
 * not valid UTF-8 as an array of byte values and a field set twice as an array of values
 * (journalctl(1), "json"): bytes are decoded with U+FFFD for what is not UTF-8, and the first value
 * of a repeated field is taken.
 */
export function parseJournalEntry(text: string, readAt: Date): JournalEntry | null {
  if (!text.startsWith('{')) return null;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  const cursor = entry.__CURSOR;
  if (typeof cursor !== 'string' || cursor.length === 0) return null;
  const message = fieldText(entry.MESSAGE);
  if (message === undefined) return { cursor, line: null };
  const micros = Number(fieldText(entry.__REALTIME_TIMESTAMP));
  const priority = Number(fieldText(entry.PRIORITY));
  const unit = fieldText(entry._SYSTEMD_UNIT) ?? fieldText(entry.SYSLOG_IDENTIFIER);
  const host = fieldText(entry._HOSTNAME);
  return {
    cursor,
    line: {
      message,
      at: Number.isFinite(micros) && micros > 0 ? new Date(Math.floor(micros / 1000)) : readAt,
      ...(Number.isInteger(priority) && priority >= 0 && priority <= 7
        ? { severity: severityOfPriority(priority) }
        : {}),
      ...(unit ? { unit } : {}),
      ...(host ? { host } : {}),
    },
  };
}

function fieldText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value) || value.length === 0) return undefined;
  if (value.every((b) => typeof b === 'number')) return utf8.decode(bytesOf(value));
  return fieldText(value[0]);
}

function bytesOf(values: number[]): Uint8Array {
  const bytes = new Uint8Array(values.length);
  values.forEach((value, i) => (bytes[i] = value & 0xff));
  return bytes;
}
