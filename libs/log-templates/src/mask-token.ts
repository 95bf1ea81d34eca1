/**
 * Masking of one whitespace-separated token of a log message: the parts that vary from one line of
 * a template to the next (numbers, hex, addresses, ids, durations) become `<*>`, so that lines of one
 * template share their tokens before any clustering. One set of rules for every source: a host's
 * journal gets no per-system tuning (docs/logs.md).
 *
 * Written as a character scan, not a cascade of regular expressions: it runs on every line.
 */
export const WILDCARD = '<*>';

// Char names character codes, compared with charCodeAt's plain numbers on purpose.
/* eslint-disable @typescript-eslint/no-unsafe-enum-comparison */
const enum Char {
  Zero = 48,
  Nine = 57,
  UpperA = 65,
  UpperF = 70,
  UpperZ = 90,
  LowerA = 97,
  LowerF = 102,
  LowerX = 120,
  LowerZ = 122,
  Minus = 45,
  Plus = 43,
}

const isDigit = (c: number): boolean => c >= Char.Zero && c <= Char.Nine;
const isLetter = (c: number): boolean =>
  (c >= Char.LowerA && c <= Char.LowerZ) || (c >= Char.UpperA && c <= Char.UpperZ) || c > 127;
const isHexLetter = (c: number): boolean =>
  (c >= Char.LowerA && c <= Char.LowerF) || (c >= Char.UpperA && c <= Char.UpperF);
const isAlnum = (c: number): boolean => isDigit(c) || isLetter(c);

/** Separators that join the parts of one value (`10.0.0.1:80`, `2023-05-01T10:00`, `a_12_3`). */
const JOINERS = new Set(['.', '-', '_', '/', ',', '+', '@', '#']);

/**
 * A run of letters and digits that is a value rather than a word: it holds a digit and is either all
 * hex of eight or more characters (a hash, an id) or digits with at most a short unit (`250ms`,
 * `16KB`, `3rd`, `2x`).
 */
function isValueRun(token: string, start: number, end: number): boolean {
  let digits = 0;
  let hex = true;
  let firstLetter = -1;
  let lettersAfterDigits = true;
  for (let i = start; i < end; i++) {
    const c = token.charCodeAt(i);
    if (isDigit(c)) {
      digits++;
      if (firstLetter >= 0) lettersAfterDigits = false;
    } else {
      if (firstLetter < 0) firstLetter = i;
      if (!isHexLetter(c)) hex = false;
    }
  }
  if (digits === 0) return false;
  const length = end - start;
  if (digits === length) return true;
  if (hex && length >= 8) return true;
  // 0x1f, 0X00ff
  if (
    token.charCodeAt(start) === Char.Zero &&
    (token.charCodeAt(start + 1) | 32) === Char.LowerX &&
    length > 2
  ) {
    let allHex = true;
    for (let i = start + 2; i < end; i++) {
      const c = token.charCodeAt(i);
      if (!isDigit(c) && !isHexLetter(c)) allHex = false;
    }
    if (allHex) return true;
  }
  // digits then a unit of at most three letters: 250ms, 16KB, 3rd
  return (
    lettersAfterDigits &&
    firstLetter > start &&
    end - firstLetter <= 3 &&
    isDigit(token.charCodeAt(start))
  );
}

/**
 * Masks the values inside one token. Alphanumeric runs that are values become `<*>`; values joined
 * by punctuation with nothing else between them (`10.0.0.1:8080`, `12:03:44,120`) become one `<*>`.
 * A leading sign joins its number. Words and punctuation stay as they are.
 */
export function maskToken(token: string): string {
  const length = token.length;
  let hasDigit = false;
  for (let i = 0; i < length; i++) {
    if (isDigit(token.charCodeAt(i))) {
      hasDigit = true;
      break;
    }
  }
  if (!hasDigit) return token;

  let out = '';
  let i = 0;
  let pendingJoin = ''; // punctuation seen since the last emitted wildcard
  let lastWasWildcard = false;
  while (i < length) {
    const c = token.charCodeAt(i);
    if (isAlnum(c)) {
      let end = i + 1;
      while (end < length && isAlnum(token.charCodeAt(end))) end++;
      if (isValueRun(token, i, end)) {
        if (lastWasWildcard && isJoin(pendingJoin)) {
          // `<*>` + `.` + value: still the same value
        } else {
          out += withoutSign(pendingJoin, out.length === 0) + WILDCARD;
        }
        lastWasWildcard = true;
      } else {
        out += pendingJoin + token.slice(i, end);
        lastWasWildcard = false;
      }
      pendingJoin = '';
      i = end;
    } else {
      pendingJoin += token[i];
      i++;
    }
  }
  return out + pendingJoin;
}

function isJoin(between: string): boolean {
  return between.length === 1 && JOINERS.has(between);
}

/**
 * `blk_-123` → `blk_<*>`, `x=-5` → `x=<*>`, `-5` → `<*>`: a sign that does not follow a letter or
 * digit belongs to the number; in `node-246` the dash joins a word and stays.
 */
function withoutSign(between: string, atStart: boolean): string {
  const last = between.charCodeAt(between.length - 1);
  const signed = last === Char.Minus || last === Char.Plus;
  return signed && (between.length >= 2 || atStart) ? between.slice(0, -1) : between;
}
