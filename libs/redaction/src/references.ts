/**
 * A value that points at a secret instead of holding one: `$VAR`, `${VAR}`, `%VAR%`, `%1`, `<your-key>`,
 * `{{ template }}`, `process.env.X`, `****`, or a placeholder already in the text.
 */
const REFERENCE =
  /^(?:\$|<|\{\{|\[REDACTED:|\*+$|%[A-Za-z_]+%$|%~?\d$|process\.env\.|os\.environ|System\.getenv|[#%@]\{|%\(|@(?:android:)?[a-z]+\/[\w.]+$)/;

export const isReference = (value: string): boolean => REFERENCE.test(value);

/** The `n` of `\\n` (and t, r): a letter that an odd run of backslashes turns into an escape. */
export function isEscapeLetter(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  // n, t, r: compared by code, since this runs for every character of every name.
  if (at < 0 || (c !== 110 && c !== 116 && c !== 114)) return false;
  let slashes = 0;
  while (at - 1 - slashes >= 0 && text.charCodeAt(at - 1 - slashes) === 92) slashes++;
  return slashes % 2 === 1;
}
