import { isReference } from './references';
import { type Candidate, RANK_SHAPE } from './secret-kind';

const SCHEME_CHAR = /[A-Za-z0-9+.-]/;
/** Characters that end a URL's authority (host part). */
const AUTHORITY_END = /[/?#\s"'<>`\\]/;
const MAX_AUTHORITY = 512;
/** Characters that end a URL written in text. */
const TOKEN_END = /[\s"'<>`\\]/;

/**
 * `scheme://user:password@host` — the user is kept, only the password goes.
 * Anchored on "://" and walked by hand: a regex starting with a scheme class
 * would rescan every word in the text.
 */
export function detectUrlCredentials(text: string): Candidate[] {
  const found: Candidate[] = [];
  // The next `@` after a point, found once and reused while it lies ahead: many "://" stay linear.
  let nextAtSign = -2;
  const atSignAfter = (from: number): number => {
    if (nextAtSign !== -1 && nextAtSign < from) nextAtSign = text.indexOf('@', from);
    return nextAtSign;
  };
  let at = text.indexOf('://');
  while (at !== -1) {
    const candidate = credentialAt(text, at, atSignAfter);
    if (candidate) found.push(candidate);
    at = text.indexOf('://', at + 3);
  }
  for (const network of DSN_NETWORKS) {
    // Each walk back stops where the previous DSN's network began: many on one line stay linear.
    let previous = 0;
    for (let dsn = text.indexOf(network); dsn !== -1; dsn = text.indexOf(network, dsn + 1)) {
      const candidate = dsnPasswordBefore(text, dsn, previous);
      if (candidate) found.push(candidate);
      previous = dsn + network.length;
    }
  }
  return found;
}

/** What follows the credentials of a Go MySQL driver's DSN: `user:pass@tcp(db:3306)/app`. */
const DSN_NETWORKS = ['@tcp(', '@unix('];
const MAX_DSN_USER = 256;

/** The password of `user:pass@tcp(…)`: from the user's colon to the `@`, the user kept. */
function dsnPasswordBefore(text: string, atSign: number, notBefore: number): Candidate | null {
  let start = atSign;
  while (
    start > notBefore &&
    atSign - start < MAX_DSN_USER &&
    !TOKEN_END.test(text.charAt(start - 1))
  )
    start--;
  const colon = text.indexOf(':', start);
  if (colon <= start || colon >= atSign - 1) return null;
  const password = text.slice(colon + 1, atSign);
  if (isReference(password)) return null;
  return { kind: 'connection_string', start: colon + 1, end: atSign, rank: RANK_SHAPE };
}

function credentialAt(
  text: string,
  sep: number,
  atSignAfter: (from: number) => number,
): Candidate | null {
  let schemeStart = sep;
  while (
    schemeStart > 0 &&
    sep - schemeStart < 32 &&
    SCHEME_CHAR.test(text.charAt(schemeStart - 1))
  )
    schemeStart--;
  const scheme = text.slice(schemeStart, sep).toLowerCase();
  if (!/^[a-z]/.test(scheme)) return null;

  const hostStart = sep + 3;
  let authorityEnd = hostStart;
  const limit = Math.min(text.length, hostStart + MAX_AUTHORITY);
  while (authorityEnd < limit && !AUTHORITY_END.test(text.charAt(authorityEnd))) authorityEnd++;
  // Search only inside the authority: an unbounded lastIndexOf would make many "://" quadratic.
  const authority = text.slice(hostStart, authorityEnd);
  let at = authority.lastIndexOf('@');
  const colon = authority.indexOf(':');
  const atSign = colon !== -1 && at === -1 ? atSignAfter(authorityEnd) : -1;
  if (atSign !== -1 && atSign < limit) {
    // A password typed raw may hold `/`, `#` or `?` (`redis://:ab/c=@cache`): look on to an `@host` before a space.
    let tokenEnd = authorityEnd;
    while (tokenEnd < limit && !TOKEN_END.test(text.charAt(tokenEnd))) tokenEnd++;
    if (tokenEnd < atSign) return null;
    const token = text.slice(hostStart, tokenEnd);
    const host = /@[A-Za-z0-9][A-Za-z0-9.-]*(?::\d+)?(?=[/?#]|$)/g;
    let m: RegExpExecArray | null;
    let last = -1;
    while ((m = host.exec(token)) !== null) last = m.index;
    if (last > colon) {
      at = last;
    }
  }
  if (at === -1 || colon === -1 || colon > at) return null;

  const kind = scheme === 'http' || scheme === 'https' ? 'basic_auth_url' : 'connection_string';
  // GitHub's `https://<token>:x-oauth-basic@github.com`: the token is the user, the password a fixed word.
  if (authority.startsWith(':x-oauth-basic@', colon)) {
    const user = text.slice(hostStart, hostStart + colon);
    if (user.length === 0 || isReference(user)) return null;
    return { kind, start: hostStart, end: hostStart + colon, rank: RANK_SHAPE };
  }
  const start = hostStart + colon + 1;
  const end = hostStart + at;
  const password = text.slice(start, end);
  if (password.length === 0 || isReference(password)) return null;
  return { kind, start, end, rank: RANK_SHAPE };
}
