const KNOWN_PREFIX = /^(sk-ant-(?:api\d+-|admin\d+-)?|sk-proj-|sk-)/;

/**
 * A key for display after creation: its provider prefix and last four characters, never more.
 * Short strings show nothing of themselves, since four characters of a short secret is most of it.
 */
export function maskKey(key: string): string {
  const trimmed = key.trim();
  const prefix = KNOWN_PREFIX.exec(trimmed)?.[1] ?? '';
  const rest = trimmed.slice(prefix.length);
  if (rest.length < 16) return `${prefix}…`;
  return `${prefix}…${rest.slice(-4)}`;
}
