import { CAMEL_IDENTIFIER, shannonEntropy } from './entropy';
import { isSequence } from './example-values';
import { splitSegments } from './secret-names';
import { type Candidate, RANK_ENTROPY } from './secret-kind';

const MIN_BASE64 = 20;
const MIN_HEX = 32;
const MAX_LENGTH = 1024;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const HEX = /^[0-9a-fA-F]+$/;
/**
 * `toolu_01…`, `msg_01…`, `pk_test_…`: a value that names its own type is an id or public material,
 * however random its tail (the prefixed secrets among them are the token rules' to find).
 */
const TYPED_ID = /^[a-z]{2,12}(?:_[a-z]{2,8})*_[A-Za-z0-9]+$/;
/** Words around a value that make it an identifier or a digest rather than a secret. */
const ID_WORDS = new Set([
  'id',
  'ids',
  'uuid',
  'guid',
  'sha',
  'sha1',
  'sha256',
  'sha512',
  'md5',
  'hash',
  'digest',
  'checksum',
  'commit',
  'rev',
  'revision',
  'etag',
  'signature',
  'sig',
  'integrity',
  'nonce',
  'fingerprint',
  'version',
  'ref',
  'parent',
  'tree',
  'cursor',
  'trace',
  'span',
  'git',
  'public',
  'pub',
]);
const KEY_BEFORE = /([A-Za-z_][\w.-]*)\\?["']?\s*[:=,(]?\s*$/;

/**
 * A long random string in quotes with no secret word near it (`x = "9f3a…"`, `['Zm9v…', 'prod']`):
 * code holds few of those that are not credentials. Kept out: ids (UUIDs, typed ids such as
 * `msg_01…`, values under an id or digest key, or with `commit`/`sha` before them), and strings a
 * person wrote (low entropy, one character class, sequences). `start`/`end` is a run of the token
 * scan (no spaces or quotes inside); null when it is not such a string.
 */
export function quotedRandomAt(text: string, start: number, end: number): Candidate | null {
  const quote = text.charCodeAt(start - 1);
  // An environment variable's `NAME=value` (a `.env` line, a command's prefix, a quoted pair): the run
  // holds the name, the `=` and the value.
  const envValue = envValueStart(text, start, end);
  if (envValue !== -1) return envRandomAt(text, envValue, end);
  if (quote === 62 || quote === 32 || quote === 9) return delimitedRandomAt(text, start, end);
  if (quote !== 34 && quote !== 39 && quote !== 96) return null;
  // JSON-escaped text: `\"value\"`, where the run takes the escape's backslash.
  const escaped = text.charCodeAt(start - 2) === 92;
  const valueEnd = escaped ? end - 1 : end;
  if (escaped && text.charCodeAt(valueEnd) !== 92) return null;
  if (text.charCodeAt(end) !== quote) return null;
  const length = valueEnd - start;
  if (length < MIN_BASE64 || length > MAX_LENGTH) return null;
  const value = text.slice(start, valueEnd);
  if (!looksGenerated(value)) return null;
  if (namedAsId(text, escaped ? start - 2 : start - 1)) return null;
  return { kind: 'high_entropy', start, end: valueEnd, rank: RANK_ENTROPY };
}

/**
 * The same string delimited otherwise: an XML element's whole text (`<value>Zm9v…</value>`), or the
 * whole rest of a line after a list's dash or a key (`- Zm9v…`, `seed: Zm9v…`).
 */
function delimitedRandomAt(text: string, start: number, end: number): Candidate | null {
  const length = end - start;
  if (length < MIN_BASE64 || length > MAX_LENGTH) return null;
  if (text.charCodeAt(start - 1) === 62) {
    if (text.charCodeAt(end) !== 60 || text.charCodeAt(end + 1) !== 47) return null;
    // The element's own tags: `<value>…</value>`, not any `>` and `</`.
    const open = OPEN_TAG.exec(text.slice(Math.max(0, start - 80), start));
    if (open === null || !text.startsWith(`${open[1]}>`, end + 2)) return null;
  } else {
    const after = text.charCodeAt(end);
    if (end < text.length && after !== 10 && after !== 13) return null;
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    if (start - lineStart > 64 || !LINE_VALUE_BEFORE.test(text.slice(lineStart, start)))
      return null;
  }
  const value = text.slice(start, end);
  // Without quotes, hex or one-case text is a commit, a digest or words run together far more often
  // than a key (`Note: 9f3a…`): only base64 with capitals in three places or more is taken.
  if ((value.match(CAPITALS) ?? []).length < 3) return null;
  if (!looksGenerated(value) || namedAsId(text, start - 1)) return null;
  return { kind: 'high_entropy', start, end, rank: RANK_ENTROPY };
}
const CAPITALS = /[A-Z]+/g;

/**
 * The value of `NAME=value`, up to the run's end less an escape before a closing quote (`\"`) or a
 * sentence's punctuation: taken as delimitedRandomAt takes a line's value.
 */
function envRandomAt(text: string, start: number, runEnd: number): Candidate | null {
  let end = runEnd;
  while (end > start && /[\\.,:!?]/.test(text.charAt(end - 1))) end--;
  const length = end - start;
  if (length < MIN_BASE64 || length > MAX_LENGTH) return null;
  const value = text.slice(start, end);
  if ((value.match(CAPITALS) ?? []).length < 3) return null;
  if (!looksGenerated(value) || namedAsId(text, start - 1)) return null;
  return { kind: 'high_entropy', start, end, rank: RANK_ENTROPY };
}
const MAX_ENV_NAME = 64;

/** Where the value starts when the run is an environment variable's upper-case name and `=`, else -1. */
function envValueStart(text: string, start: number, end: number): number {
  let k = start;
  while (k < end && k - start <= MAX_ENV_NAME) {
    const c = text.charCodeAt(k);
    if (c === 61) return k > start && k + 1 < end ? k + 1 : -1;
    if (!((c >= 65 && c <= 90) || c === 95 || (k > start && c >= 48 && c <= 57))) return -1;
    k++;
  }
  return -1;
}
const OPEN_TAG = /<([A-Za-z_][\w:.-]*)(?:[ \t][^<>\n]*)?>$/;
/** A YAML list's dash, or a key and `:` or `=` with space after it, from the line's start. */
const LINE_VALUE_BEFORE = /^[ \t]*(?:-|[A-Za-z_][\w.-]*[ \t]*[:=])[ \t]+$/;

/**
 * Public material that is base64 too: a subresource-integrity digest (`sha384-…`), and the DER or
 * OpenSSH encodings of a public key, whose first bytes name the key type (`MFkwEwYHKoZIzj0CAQYI` is an
 * EC P-256 public key, `AAAAB3NzaC1yc2E` an ssh-rsa one). Private keys begin otherwise (`MIIEv…`, `MHcC…`).
 */
const PUBLIC_MATERIAL =
  /^(?:sha(?:256|384|512)-|MIIBIjANBgkqhkiG9w0BAQEFAAOC|MIICIjANBgkqhkiG9w0BAQEFAAOC|MFkwEwYHKoZIzj0CAQYI|MHYwEAYHKoZIzj0CAQYFK4EEACID|MCowBQYDK2Vw|AAAA(?:B3NzaC1|C3NzaC1|E2VjZHNh|GnNr))/;

function looksGenerated(value: string): boolean {
  // No UUID passes: it has dashes (not hex) and no upper case (not base64).
  if (!BASE64.test(value) || TYPED_ID.test(value) || PUBLIC_MATERIAL.test(value)) return false;
  if (CAMEL_IDENTIFIER.test(value)) return false;
  // `/usr/local/share/…`: a path, however random a part of it.
  if (value.startsWith('/') && value.split('/').length > 3) return false;
  if (HEX.test(value)) {
    return (
      value.length >= MIN_HEX &&
      /\d/.test(value) &&
      /[a-fA-F]/.test(value) &&
      !isSequence(value) &&
      shannonEntropy(value) >= 3
    );
  }
  if (ONE_CASE.test(value)) return isRandomOneCase(value);
  return (
    /\d/.test(value) &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    !isSequence(value) &&
    shannonEntropy(value) >= 3.8
  );
}

/** Letters of one case and digits, nothing else: base36 keys, base32 seeds (`k8f2…`, `JBSW…`). */
const ONE_CASE = /^(?:[a-z0-9]+|[A-Z0-9]+)$/;
const MIN_ONE_CASE = 32;

/**
 * One-case keys are longer to hold as much: at least MIN_ONE_CASE, digits a real share of them (not a
 * word with a number after it), and as random as 36 symbols allow.
 */
function isRandomOneCase(value: string): boolean {
  if (value.length < MIN_ONE_CASE || isSequence(value)) return false;
  const digits = value.replace(/\D/g, '').length / value.length;
  return digits >= 0.1 && digits <= 0.6 && shannonEntropy(value) >= 4;
}

/** The key or call the quoted value belongs to, on its line, names an id or a digest. */
function namedAsId(text: string, quoteAt: number): boolean {
  const from = Math.max(0, quoteAt - 48);
  const before = text.slice(from, quoteAt);
  const line = before.slice(before.lastIndexOf('\n') + 1);
  const key = KEY_BEFORE.exec(line);
  // `ETag` splits into `e` and `tag`: the key is read whole as well.
  if (key !== null && ID_WORDS.has((key[1] ?? '').toLowerCase())) return true;
  const words = splitSegments(key === null ? line : `${key[1]} ${line}`);
  return words.some((w) => ID_WORDS.has(w));
}
