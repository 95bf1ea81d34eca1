/** Shannon entropy in bits per character. */
export function shannonEntropy(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

export const MIN_RANDOM_LENGTH = 20;
const MAX_RANDOM_LENGTH = 1024;
export const ENTROPY_THRESHOLD = 3.3;

const HEX = /^[0-9a-f]+$/i;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** snake/kebab/dotted names made of plain words: `refresh_token_rotation_v2`. */
const WORDY_PART = /^(?:[a-z]+\d*|[A-Z][a-z]*\d*|[A-Z]+\d*|\d+)$/;

/**
 * `AcceptedEventIdsByAccount1765100000000`, `createUserV2`: words in camel case, maybe a number at the
 * end, as names and migration classes are spelled. Random base62 almost never has digits only at its
 * end and a lower-case letter after nearly every capital.
 */
export const CAMEL_IDENTIFIER =
  /^(?:[a-z]{2,}|[A-Z][a-z]{2,})(?:[A-Z][a-z]+|[A-Z]{2,4}(?=[A-Z][a-z]|\d|$))+(?:V?\d+)?$/;

/** How often the character class (upper, lower, digit, other) changes: high for random, low for words. */
export function classChangeRate(s: string): number {
  const cls = (c: string): number =>
    c >= 'a' && c <= 'z' ? 0 : c >= 'A' && c <= 'Z' ? 1 : c >= '0' && c <= '9' ? 2 : 3;
  let changes = 0;
  for (let i = 1; i < s.length; i++) if (cls(s.charAt(i)) !== cls(s.charAt(i - 1))) changes++;
  return changes / s.length;
}

/**
 * Whether a token looks machine-random enough to be a credential. Hex ids
 * (git SHAs, sha256 digests) and UUIDs are deliberately excluded: they fill
 * transcripts and are not secrets on their own.
 */
export function looksRandom(s: string): boolean {
  if (SYMBOLIC.test(s)) return looksLikePassword(s);
  if (s.length < MIN_RANDOM_LENGTH || s.length > MAX_RANDOM_LENGTH) return false;
  if (HEX.test(s) || UUID.test(s) || CAMEL_IDENTIFIER.test(s)) return false;
  if (!/\d/.test(s) || !/[A-Za-z]/.test(s)) return false;
  if (s.includes('//') || /^[./~]/.test(s) || (s.includes('/') && s.includes('.'))) return false;
  if ((s.match(/\./g)?.length ?? 0) >= 2) return false;
  const parts = s.split(/[-_.]/);
  if (
    parts.length >= 3 &&
    parts.every((p) => p.length <= 12 && (p.length === 0 || WORDY_PART.test(p)))
  )
    return false;
  return classChangeRate(s) >= 0.2 && shannonEntropy(s) >= ENTROPY_THRESHOLD;
}

const SYMBOLIC = /[!#%*@^~]/;

/** A chosen password: letters, digits and a symbol, no spaces, not an address or a reference. */
function looksLikePassword(s: string): boolean {
  if (s.length < 10 || s.length > 128 || s.startsWith('$') || (s.includes('@') && s.includes('.')))
    return false;
  return /[A-Za-z]/.test(s) && /\d/.test(s) && classChangeRate(s) >= 0.2;
}
