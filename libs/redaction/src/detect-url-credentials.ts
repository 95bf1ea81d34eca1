import { type Candidate, RANK_SHAPE } from './secret-kind';

const SCHEME_CHAR = /[A-Za-z0-9+.-]/;
/** Characters that end a URL's authority (host part). */
const AUTHORITY_END = /[\/?#\s"'<>`\\]/;
const MAX_AUTHORITY = 512;

/**
 * `scheme://user:password@host` — the user is kept, only the password goes.
 * Anchored on "://" and walked by hand: a regex starting with a scheme class
 * would rescan every word in the text.
 */
export function detectUrlCredentials(text: string): Candidate[] {
  const found: Candidate[] = [];
  let at = text.indexOf('://');
  while (at !== -1) {
    const candidate = credentialAt(text, at);
    if (candidate) found.push(candidate);
    at = text.indexOf('://', at + 3);
  }
  return found;
}

function credentialAt(text: string, sep: number): Candidate | null {
  let schemeStart = sep;
  while (schemeStart > 0 && sep - schemeStart < 32 && SCHEME_CHAR.test(text[schemeStart - 1]!)) schemeStart--;
  const scheme = text.slice(schemeStart, sep).toLowerCase();
  if (!/^[a-z]/.test(scheme)) return null;

  const hostStart = sep + 3;
  let authorityEnd = hostStart;
  const limit = Math.min(text.length, hostStart + MAX_AUTHORITY);
  while (authorityEnd < limit && !AUTHORITY_END.test(text[authorityEnd]!)) authorityEnd++;
  // Search only inside the authority: an unbounded lastIndexOf would make many "://" quadratic.
  const authority = text.slice(hostStart, authorityEnd);
  const at = authority.lastIndexOf('@');
  const colon = authority.indexOf(':');
  if (at === -1 || colon === -1 || colon > at) return null;

  const start = hostStart + colon + 1;
  const end = hostStart + at;
  const password = text.slice(start, end);
  if (password.length === 0 || isReference(password)) return null;
  const kind = scheme === 'http' || scheme === 'https' ? 'basic_auth_url' : 'connection_string';
  return { kind, start, end, rank: RANK_SHAPE };
}

/** `${DB_PASS}`, `$PASS`, `<password>`, `****` and placeholders are not secrets. */
const isReference = (value: string): boolean => /^(?:\$|<|\{\{|\[REDACTED:|\*+$|%[A-Z_]+%$)/.test(value);
