import { isEscapeLetter } from './references';
import { literalTrie } from './literal-trie';
import { type SecretNameKind, secretNameKind } from './secret-names';

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
 * One case-insensitive scan finds every word that could name a secret; the
 * segment rules in secret-names decide. Bare `key` is left out on purpose:
 * it is everywhere in code and only names a secret in a pair (api_key…).
 */
const KEYWORD = new RegExp(
  `${literalTrie(['pass', 'pwd', 'secret', 'token', 'auth', 'credential', 'bearer', 'cookie'], true)}|` +
    `(?:${literalTrie(['api', 'access', 'private', 'signing', 'encryption', 'master', 'account', 'session'], true)})[ _-]?key`,
  'gi',
);

/** `[A-Za-z0-9_.-]`, by code: this runs for every character around every name, and a regex test per character costs a string each. */
const isIdentChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
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

export function findKeywordSites(text: string, isProtected: (at: number) => boolean): KeywordSite[] {
  const sites: KeywordSite[] = [];
  const keyword = new RegExp(KEYWORD);
  let doneUntil = 0;
  let hit: RegExpExecArray | null;
  while ((hit = keyword.exec(text)) !== null) {
    const at = hit.index;
    if (at < doneUntil || isProtected(at)) continue;
    const isProse = hit[0].includes(' ');
    let start = at;
    let end = at + hit[0].length;
    if (!isProse) {
      // In JSON-encoded text a name can follow an escape (`\\nheroku`): the escape's letter is not part of it.
      while (start > 0 && at - start < MAX_IDENT && isIdentChar(text.charCodeAt(start - 1)) && !isEscapeLetter(text, start - 1)) start--;
      while (end < text.length && end - at < MAX_IDENT && isIdentChar(text.charCodeAt(end))) end++;
      // A trailing dot or dash is punctuation ("my token."), not part of the name.
      while (end > at + hit[0].length && (text.charCodeAt(end - 1) === 46 || text.charCodeAt(end - 1) === 45)) end--;
    }
    doneUntil = end;
    keyword.lastIndex = end;
    const name = text.slice(start, end);
    const nameKind = isProse ? 'secret' : classify(name);
    if (nameKind === null) continue;
    sites.push({ start, end, nameKind, isFlag: name.startsWith('-'), isProse });
  }
  return sites;
}
