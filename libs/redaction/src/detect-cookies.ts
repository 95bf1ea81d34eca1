import { isReference } from './references';
import { type Candidate, RANK_ASSIGNMENT } from './secret-kind';
import { findKeywords, hasCommand, type KeywordHits } from './text-keywords';
import { entry } from './indexed';

/**
 * A `Cookie:` or `Set-Cookie:` header (also as a JSON or YAML key) and curl's `-b`/`--cookie`: each
 * cookie is judged on its own, so a session's or a login's value goes and `theme=dark` stays. The
 * header is not a secret name for the assignment rule (detect-assignments leaves it to this one).
 */
const COOKIE_LIST =
  /(?<![\w-])(?:(?:set-)?cookie(?<keyQuote>["']?)[ \t]*[:=]|--cookie(?:[ \t]+|=)|-b[ \t]+)[ \t]*(?<quote>\\?["']?)/dgi;

/** Cookie names that carry a session, a login or a token. */
const SESSION_NAME =
  /sess|sid$|^sid|auth|token|jwt|remember|login|csrf|xsrf|secret|identity|refresh|access|credential|key|^__(?:secure|host)-/i;
/** What Set-Cookie puts after the cookie itself. */
const ATTRIBUTES = new Set([
  'path',
  'domain',
  'expires',
  'max-age',
  'samesite',
  'priority',
  'version',
  'comment',
]);

export const COOKIE_HEADER_NAME = /^(?:set-)?cookie$|^--cookie$/i;

export function detectCookies(
  text: string,
  keywords: KeywordHits = findKeywords(text),
): Candidate[] {
  if (!hasCommand(keywords, 'curl') && !namesCookie(text, keywords.secrets)) return [];
  const found: Candidate[] = [];
  // On from each list's end, not from the match's: a line of `-b -b …` is read once, not once a flag.
  COOKIE_LIST.lastIndex = 0;
  for (let m = COOKIE_LIST.exec(text); m !== null; m = COOKIE_LIST.exec(text)) {
    const listStart = m.index + m[0].length;
    const quote = m.groups?.quote ?? '';
    const listEnd = endOfList(text, listStart, quote.length > 0 ? quote : null);
    cookieValues(text, listStart, listEnd, found);
    COOKIE_LIST.lastIndex = Math.max(listEnd, listStart + 1);
  }
  return found;
}

/** The list runs to its closing quote, else to the line's end (a real or a JSON-escaped break). */
function endOfList(text: string, start: number, quote: string | null): number {
  let end = start;
  while (end < text.length && text[end] !== '\n' && text[end] !== '\r') {
    if (text[end] === '\\' && text[end + 1] === 'n') break;
    if (quote !== null && text.startsWith(quote, end)) break;
    if (quote === null && (text[end] === '"' || text[end] === "'")) break;
    end++;
  }
  return end;
}

function cookieValues(text: string, start: number, end: number, found: Candidate[]): void {
  for (let at = start; at < end;) {
    let next = text.indexOf(';', at);
    if (next === -1 || next > end) next = end;
    let eq = at;
    while (eq < next && text.charCodeAt(eq) !== 61) eq++;
    if (eq < next) {
      const name = text.slice(at, eq).trim();
      let valueStart = eq + 1;
      let valueEnd = next;
      while (valueStart < valueEnd && text[valueStart] === ' ') valueStart++;
      while (valueEnd > valueStart && /\s/.test(text.charAt(valueEnd - 1))) valueEnd--;
      const value = text.slice(valueStart, valueEnd);
      if (isSessionValue(name, value))
        found.push({ kind: 'secret', start: valueStart, end: valueEnd, rank: RANK_ASSIGNMENT });
    }
    at = next + 1;
  }
}

function isSessionValue(name: string, value: string): boolean {
  if (value.length === 0 || isReference(value) || /\s/.test(name) || name.length === 0)
    return false;
  if (ATTRIBUTES.has(name.toLowerCase())) return false;
  if (SESSION_NAME.test(name)) return value.length >= 4;
  // An unnamed cookie holding something generated: long, with upper and lower case and digits.
  return value.length >= 24 && /\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value);
}

/** Whether a secret word the keyword walk found is `cookie`: of its six-letter words, the one starting with c. */
function namesCookie(text: string, secrets: readonly number[]): boolean {
  for (let k = 0; k < secrets.length; k += 2) {
    const start = entry(secrets, k);
    if (entry(secrets, k + 1) - start === 6 && (text.charCodeAt(start) | 32) === 99) return true;
  }
  return false;
}
