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

/** `[A-Za-z0-9_.-]`, by code: this runs for every character around every name, and a regex test per character costs a string each. */
const isIdentChar = (c: number): boolean =>
  (c >= 97 && c <= 122) ||
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
    const at = words[k];
    if (at < resume) continue;
    const hitEnd = words[k + 1];
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
    const nameKind = isProse ? 'secret' : classify(name);
    if (nameKind === null) continue;
    sites.push({ start, end, nameKind, isFlag: name.startsWith('-'), isProse });
  }
  return sites;
}
