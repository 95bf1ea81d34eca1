import type { LogSeverity } from '@mnemo/contracts';

/** One line as a source read it: raw, unredacted, held in memory only until it is folded. */
export interface RawLogLine {
  message: string;
  /** When the line was written (the source's timestamp), else when it was read. */
  at: Date;
  /** The source's own level (journald PRIORITY, OTLP severity), else inferred from the text. */
  severity?: LogSeverity;
  unit?: string;
  host?: string;
}

/** Longer lines are counted and skipped: their folding would cost more than they tell. */
export const MAX_LINE_CHARS = 64 * 1024;

export type SkipReason = 'too_long' | 'binary' | 'empty';

/**
 * Why a line cannot be folded, or undefined when it can: over the length bound, or not text (NUL
 * or most of it control characters, as a binary blob written to a log is).
 */
export function unfoldable(message: string): SkipReason | undefined {
  if (message.length > MAX_LINE_CHARS) return 'too_long';
  if (message.trim().length === 0) return 'empty';
  let control = 0;
  for (let i = 0; i < message.length; i++) {
    const c = message.charCodeAt(i);
    if (c === 0) return 'binary';
    if ((c < 32 && c !== 9) || c === 0xfffd) control++;
  }
  return control * 10 > message.length ? 'binary' : undefined;
}

const LEVEL_WORDS: ReadonlyArray<[RegExp, LogSeverity]> = [
  [/\b(fatal|panic|crit(ical)?|emerg(ency)?|alert)\b/i, 'fatal'],
  [/\b(error|err|exception|severe)\b/i, 'error'],
  [/\b(warn(ing)?)\b/i, 'warn'],
  [/\b(info|notice)\b/i, 'info'],
  [/\b(debug|trace|verbose)\b/i, 'debug'],
];

/** A level word near the start of a message (`ERROR`, `[warn]`, `level=info`), else unknown. */
export function inferSeverity(message: string): LogSeverity {
  const head = message.slice(0, 160);
  for (const [pattern, severity] of LEVEL_WORDS) if (pattern.test(head)) return severity;
  return 'unknown';
}

/** journald's PRIORITY (syslog levels 0–7) as a severity. */
export function severityOfPriority(priority: number): LogSeverity {
  if (priority <= 2) return 'fatal';
  if (priority === 3) return 'error';
  if (priority === 4) return 'warn';
  if (priority <= 6) return 'info';
  return 'debug';
}

/** OTLP's severityNumber (1–24) and severityText as a severity. */
export function severityOfOtlp(number: number | undefined, text: string | undefined): LogSeverity {
  if (number !== undefined && number > 0) {
    if (number >= 21) return 'fatal';
    if (number >= 17) return 'error';
    if (number >= 13) return 'warn';
    if (number >= 9) return 'info';
    return 'debug';
  }
  return text ? inferSeverity(text) : 'unknown';
}

/**
 * The shape of a variable value: runs of digits become `9`, of lower-case letters `a`, of upper-case
 * `A`, other characters stay (`10.0.0.1` → `9.9.9.9`, `250ms` → `9a`), so the facts tell what kind of
 * values vary without keeping the values.
 */
export function valueShape(value: string): string {
  let shape = '';
  let last = '';
  for (let i = 0; i < value.length && shape.length < 40; i++) {
    const c = value.charCodeAt(i);
    const cls =
      c >= 48 && c <= 57
        ? '9'
        : c >= 97 && c <= 122
          ? 'a'
          : c >= 65 && c <= 90
            ? 'A'
            : value.charAt(i);
    if (cls !== last || !'9aA'.includes(cls)) shape += cls;
    last = cls;
  }
  return shape;
}
