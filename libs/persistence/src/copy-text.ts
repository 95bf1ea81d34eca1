/** COPY's text format: columns split by tabs, rows by newlines, `\N` for NULL, backslash escapes the rest. */
export const COPY_NULL = '\\N';

const SPECIAL = /[\\\n\r\t]/;
const SPECIAL_ALL = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A text value as one COPY field; most values hold nothing to escape and come back as they are. */
export function copyField(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (c) => ESCAPES[c]) : value;
}
