import { looksRandom, UUID } from './entropy';
import type { KeywordSite } from './keyword-sites';
import { type Candidate, PLACEHOLDER_START, RANK_ENTROPY, type SecretKind } from './secret-kind';

/**
 * Starts on a letter, digit, + or / (not the n of an escaped \\n, nor inside a URL's `%3D`) so the `=` of
 * `KEY=value` is never swallowed, encoded or not; base64 padding may end it.
 */
const CANDIDATE = /(?<!\\|%[0-9A-Fa-f]?)[A-Za-z0-9+/][A-Za-z0-9+/_.!#%*@^~-]{9,}={0,2}/g;
const AFTER_CHARS = 160;
const AFTER_WORDS = 5;
const BEFORE_CHARS = 80;
const BEFORE_WORDS = 2;

/**
 * Random-looking strings next to a word that names a secret ("my token is …"),
 * and long hex right after one ("the api secret: 9f3a…"), which a git SHA or a
 * digest never is when a hash word ("commit", "sha256") sits just before it.
 *
 * Windows stop at a placeholder so a second pass never sees more than the first
 * (idempotency): the text up to the first placeholder is unchanged.
 */
export function detectHighEntropy(text: string, sites: readonly KeywordSite[]): Candidate[] {
  const found: Candidate[] = [];
  // Only a text that holds a placeholder has windows to cut at one (a slice and a search per window).
  const cut = text.includes(PLACEHOLDER_START);
  // A window ends where the next secret name begins (that name's own window covers what follows),
  // so text full of names is scanned once, not once per name.
  sites.forEach((site, i) => {
    const nextStart = sites[i + 1]?.start ?? text.length;
    const previousEnd = sites[i - 1]?.end ?? 0;
    scan(
      text,
      after(text, site.end, Math.min(AFTER_CHARS, nextStart - site.end), AFTER_WORDS, cut),
      randomKind,
      RANK_ENTROPY,
      found,
    );
    scan(text, before(text, site.start, previousEnd), randomKind, RANK_ENTROPY, found);
    const near = after(text, site.end, Math.min(HEX_CHARS, nextStart - site.end), HEX_WORDS, cut);
    if (near.end - near.start < 32 || !HEX_RUN.test(text.slice(near.start, near.end))) return;
    if (!HASH_WORD.test(text.slice(wordsBefore(text, site.start, HASH_LOOK_BACK), near.end)))
      scan(text, near, hexKind, RANK_ENTROPY, found);
  });
  return found;
}

/** Words before a name a digest's word is looked for in (`commit sha password …` reads `commit`). */
const HASH_LOOK_BACK = 3;
const MAX_WORDS_BACK = 400;

/**
 * Where the `words` whole words before `at` on its line start. Whole words: a slice that cut one
 * (`SUMO_ACCESS_ID`) would read its tail (`ID`) as a word. Counted in words, not characters: a secret
 * among them is one word, as its placeholder is, so a second pass reads what the first did.
 */
function wordsBefore(text: string, at: number, words: number): number {
  const limit = Math.max(0, at - MAX_WORDS_BACK);
  let k = at;
  for (let seen = 0; seen < words; seen++) {
    while (k > limit && (text.charCodeAt(k - 1) === 32 || text.charCodeAt(k - 1) === 9)) k--;
    if (k === limit || text.charCodeAt(k - 1) === 10) break;
    while (k > limit && !/\s/.test(text.charAt(k - 1))) k--;
  }
  return k;
}

const URL_ENCODED = /%[0-9A-Fa-f]{2}.*%[0-9A-Fa-f]{2}/;
const HEX_CHARS = 160;
const HEX_WORDS = 3;
const HASH_WORD =
  /\b(?:commit|sha\d*|md5|digest|hash|checksum|revision|rev|ref|etag|fingerprint|uuid|guid|id)\b|\bgit\b/i;
const HEX_RUN = /[0-9a-fA-F]{32}/;
const HEX_SECRET = /^[0-9a-f]{32,128}$|^[0-9A-F]{32,128}$/;

const randomKind = (c: string): SecretKind | null => (looksRandom(c) ? 'high_entropy' : null);

/** The names a JWT's header holds: which algorithm and key signed it, never a secret. */
const JOSE_HEADER_NAMES = new Set(['alg', 'typ', 'kid', 'cty', 'x5t', 'jku', 'enc', 'zip']);

/**
 * `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9` alone: a JWT's header, the same for every token an issuer
 * signs, quoted in docs as the sign of a JWT. A token's payload or signature beside it is read as a
 * JWT (detect-tokens); the header by itself names no one and grants nothing.
 */
function isJoseHeader(c: string): boolean {
  if (!c.startsWith('eyJ') || c.length > 200 || !/^[A-Za-z0-9_-]+$/.test(c)) return false;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(c, 'base64url').toString('utf8'));
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
    const names = Object.keys(parsed);
    return names.includes('alg') && names.every((n) => JOSE_HEADER_NAMES.has(n));
  } catch {
    return false;
  }
}
const hexKind = (c: string): SecretKind | null =>
  HEX_SECRET.test(c) && /\d/.test(c) && /[a-fA-F]/.test(c) && !UUID.test(c) ? 'high_entropy' : null;

interface Window {
  readonly start: number;
  readonly end: number;
}

function scan(
  text: string,
  window: Window,
  classify: (candidate: string) => SecretKind | null,
  rank: Candidate['rank'],
  out: Candidate[],
): void {
  if (window.end - window.start < 10) return;
  const slice = text.slice(window.start, window.end);
  const candidate = CANDIDATE;
  candidate.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = candidate.exec(slice)) !== null) {
    // The slice hides a backslash just before the window: `\nabc…` must not start at the n.
    const skip =
      m.index === 0 && text[window.start - 1] === '\\' && /[nrt]/.test(m[0].charAt(0)) ? 1 : 0;
    // A full stop (or dash) closing a sentence is not part of the value: "…key is 9aeb…48c."
    const value = m[0].slice(skip).replace(/[._-]+$/, '');
    // URL-encoded text (`user%3Dci%26next%3D%2F…`) looks random for its escapes: its names and values
    // are read as assignments instead.
    if (value.includes('%') && URL_ENCODED.test(value)) continue;
    const start = window.start + m.index + skip;
    // A JWT's header by itself; one that a `.` goes on from is a token's first part.
    if (
      value.startsWith('eyJ') &&
      text.charCodeAt(start + value.length) !== 46 &&
      isJoseHeader(value)
    )
      continue;
    const kind = classify(value);
    if (kind !== null) out.push({ kind, start, end: start + value.length, rank });
  }
}

/** Up to `words` words after `from` on the same line, within `chars`, not past a placeholder (when `cut`: the text holds one). */
function after(text: string, from: number, chars: number, words: number, cut: boolean): Window {
  let end = Math.min(text.length, from + chars);
  // Search only the window: an unbounded indexOf per site would make long texts quadratic.
  const placeholder = cut ? text.slice(from, end).indexOf(PLACEHOLDER_START) : -1;
  if (placeholder !== -1) end = from + placeholder;
  let seen = 0;
  let inWord = false;
  for (let k = from; k < end; k++) {
    const c = text[k];
    if (c === '\n') return { start: from, end: k };
    const space = c === ' ' || c === '\t' || c === '\r';
    if (!space && !inWord && ++seen > words) return { start: from, end: k };
    inWord = !space;
  }
  return { start: from, end };
}

/** Up to two words before `to` on the same line, not reaching back past a placeholder. */
function before(text: string, to: number, notBefore: number): Window {
  const from = Math.max(0, notBefore, to - BEFORE_CHARS);
  let start = to;
  let seen = 0;
  let inWord = false;
  for (let k = to - 1; k >= from; k--) {
    const c = text[k];
    if (c === '\n' || c === ']') break;
    const space = c === ' ' || c === '\t' || c === '\r';
    if (!space && !inWord && ++seen > BEFORE_WORDS) break;
    inWord = !space;
    start = k;
  }
  return { start, end: to };
}
