import { looksRandom } from './entropy';
import { entry } from './indexed';
import { isEscapeLetter } from './references';
import { type SecretNameKind, secretNameKind } from './secret-names';
import { findKeywords, type KeywordHits } from './text-keywords';

/** An identifier in the text that names a secret. */
export interface KeywordSite {
  readonly start: number;
  readonly end: number;
  readonly nameKind: SecretNameKind;
  /** A flag such as `--password`, whose value may follow after a space. */
  readonly isFlag: boolean;
  /** Two prose words such as "api key": never an assignment key. */
  readonly isProse: boolean;
}

/**
 * `[A-Za-z0-9_.-]` and `ñ`/`Ñ` (`contraseña`), by code: this runs for every character around every
 * name, and a regex test per character costs a string each.
 */
const isIdentChar = (c: number): boolean =>
  (c >= 97 && c <= 122) ||
  c === 241 ||
  c === 209 ||
  (c >= 65 && c <= 90) ||
  (c >= 48 && c <= 57) ||
  c === 95 ||
  c === 46 ||
  c === 45;
const MAX_IDENT = 80;

// The same few names (token, max_tokens, password…) recur on every event; classifying
// one means splitting and lowercasing, so remember recent answers.
const NAME_CACHE = new Map<string, SecretNameKind | null>();
const NAME_CACHE_SIZE = 4096;

function classify(name: string): SecretNameKind | null {
  const known = NAME_CACHE.get(name);
  if (known !== undefined) return known;
  const result = secretNameKind(name);
  if (NAME_CACHE.size >= NAME_CACHE_SIZE) NAME_CACHE.clear();
  NAME_CACHE.set(name, result);
  return result;
}

/** Methods that set or compare what they are called on with their argument. */
const CODE_METHODS = new Set([
  'equals',
  'equalsIgnoreCase',
  'contentEquals',
  'Equals',
  'assign',
  'compare',
  'compareTo',
  'localeCompare',
  'eq',
  'eql',
  'equal',
  'should',
]);

/**
 * Where the name ends when a code method follows its secret word (`userPassword.equals`,
 * `password.eql?`, `password.should`), else `end`.
 */
function beforeCodeMethod(text: string, hitEnd: number, end: number): number {
  // Searched back within the name only: a lastIndexOf would read back to the text's start.
  let dot = end - 1;
  while (dot >= hitEnd && text.charCodeAt(dot) !== 46) dot--;
  return dot >= hitEnd && CODE_METHODS.has(text.slice(dot + 1, end)) ? dot : end;
}

/** A type or a declaring word before a name: `String PWD`, `const PWD`, `final char* PWD`. */
const DECLARED =
  /(?:\b(?:String|string|str|char|const|final|var|let|val|auto|static)|:[ \t]*str)(?:[ \t]*\*[ \t]*|[ \t]+)$/;

/**
 * The shell's `PWD` is its working directory (secret-names), but a program that declares a constant
 * of that name (`static final String PWD = "…"`), or gives it a quoted value that is no directory,
 * holds a password in it.
 */
function declaredPassword(text: string, start: number, name: string): SecretNameKind | null {
  if (name !== 'PWD' && name !== 'pwd') return null;
  if (DECLARED.test(text.slice(Math.max(0, start - 24), start))) return 'password';
  // `PWD="2!s8…"`: a quoted value that is no directory (`/`, `~`, `.`, `C:\`) nor a reference (`$`, `` ` ``).
  return QUOTED_NOT_A_DIRECTORY.test(text.slice(start + name.length, start + name.length + 16))
    ? 'password'
    : null;
}
const QUOTED_NOT_A_DIRECTORY = /^[ \t]*[:=][ \t]*\\*["'](?![/~.$`%\\]|[A-Za-z]:[\\/]|["'])/;

const isHex = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

/**
 * Where a name starts once the letters of an escape or an encoding glued before it are left out: the
 * `u0022` of `\u0022password` (a quote in JSON inside a string), the `x22` of `\x22`, the `3F` of a
 * URL-encoded `%3Ftoken` (docs/redaction.md). `start` is where the walk back stopped, `word` where the
 * secret word begins.
 */
function afterEncodedCharacter(text: string, start: number, word: number): number {
  const before = text.charCodeAt(start - 1);
  if (before === 37 && start + 2 <= word) {
    // `%3F`, and a double-encoded `%253F`.
    const hexPair = (k: number): boolean =>
      k + 2 <= word && isHex(text.charCodeAt(k)) && isHex(text.charCodeAt(k + 1));
    // Not after an encoded `=` or `:`: what follows one is a value (`%3Dbearer`), not a name.
    if (!hexPair(start) || /^(?:25)?3[aAdD]/.test(text.slice(start, start + 4))) return start;
    return text.startsWith('25', start) && hexPair(start + 2) ? start + 4 : start + 2;
  }
  if (before !== 92) return start;
  const letter = text.charCodeAt(start);
  const digits = letter === 117 ? 4 : letter === 120 ? 2 : 0;
  if (digits === 0 || start + 1 + digits > word) return start;
  for (let k = start + 1; k <= start + digits; k++) if (!isHex(text.charCodeAt(k))) return start;
  return start + 1 + digits;
}

export function findKeywordSites(
  text: string,
  isProtected: (at: number) => boolean,
  keywords: KeywordHits = findKeywords(text),
): KeywordSite[] {
  const sites: KeywordSite[] = [];
  const words = keywords.secrets;
  let doneUntil = 0;
  // As a search for the words would go: on from the word's end, or from the name's end once it is read.
  let resume = 0;
  for (let k = 0; k < words.length; k += 2) {
    const at = entry(words, k);
    if (at < resume) continue;
    const hitEnd = entry(words, k + 1);
    resume = hitEnd;
    if (at < doneUntil || isProtected(at)) continue;
    // `api key`: the only words with a space have it just before `key`.
    const isProse = hitEnd - at > 4 && text.charCodeAt(hitEnd - 4) === 32;
    let start = at;
    let end = hitEnd;
    if (!isProse) {
      // In JSON-encoded text a name can follow an escape (`\\nheroku`): the escape's letter is not part of it.
      while (
        start > 0 &&
        at - start < MAX_IDENT &&
        isIdentChar(text.charCodeAt(start - 1)) &&
        !isEscapeLetter(text, start - 1)
      )
        start--;
      start = afterEncodedCharacter(text, start, at);
      while (end < text.length && end - at < MAX_IDENT && isIdentChar(text.charCodeAt(end))) end++;
      // A trailing dot or dash is punctuation ("my token."), not part of the name.
      while (end > hitEnd && (text.charCodeAt(end - 1) === 46 || text.charCodeAt(end - 1) === 45))
        end--;
    }
    // `password.equals("…")`, `secret.assign("…")`: the method is not part of the name.
    const after = text.charCodeAt(end);
    if (after === 40 || after === 63 || after === 32) end = beforeCodeMethod(text, hitEnd, end);
    doneUntil = end;
    resume = end;
    const name = text.slice(start, end);
    // A random run that happens to hold a short name (`…xvPW…`) is a value, not a name: read as one, it
    // would end the window of the name before it and hide the value from that name's detectors.
    if (!isProse && looksRandom(name)) continue;
    const nameKind = isProse ? 'secret' : (classify(name) ?? declaredPassword(text, start, name));
    if (nameKind === null) continue;
    sites.push({ start, end, nameKind, isFlag: name.startsWith('-'), isProse });
  }
  return sites;
}
