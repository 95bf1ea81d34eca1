/** A UTC timestamp as the sources statement's JSON carries it: `2026-01-07T22:39:00.123456+00:00`, fraction optional. */
const UTC_JSON_TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;

/**
 * A timestamp read from Postgres as the assembler takes it: `new Date(value).toISOString()`,
 * milliseconds truncated. A UTC timestamp in the JSON shape is rewritten as text instead of parsed
 * as a date: parsing the seventy or so a CLAUDE.md's sources carry cost 50-100 µs of a cold build.
 * Anything else (a Date from a query sent alone, another offset) is parsed as before.
 */
export function isoTimestamp(value: unknown): string {
  const utc = typeof value === 'string' ? UTC_JSON_TIMESTAMP.exec(value) : null;
  if (utc === null) return new Date(value as string).toISOString();
  return `${utc[1]}.${(utc[2] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}
