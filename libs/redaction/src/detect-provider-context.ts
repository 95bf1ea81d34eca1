import { isEscapeLetter } from './references';
import { CONTEXT_RULES, type ContextRule } from './rules/context.rules';
import { type Candidate, PLACEHOLDER_START, RANK_SHAPE } from './secret-kind';
import { findKeywords, type KeywordHits, PROVIDER_NAMES } from './text-keywords';

interface CompiledContextRule {
  readonly rule: ContextRule;
  readonly value: RegExp;
}

const VALUE_EDGE_BEFORE = '(?<![A-Za-z0-9_+/.~-])';
const VALUE_EDGE_AFTER = '(?![A-Za-z0-9_+/=~-])';

const BY_KEYWORD = new Map<string, CompiledContextRule[]>();
for (const rule of CONTEXT_RULES) {
  const value = new RegExp(
    `${VALUE_EDGE_BEFORE}(?:${rule.values.join('|')})${VALUE_EDGE_AFTER}`,
    'g',
  );
  for (const keyword of rule.keywords) {
    const list = BY_KEYWORD.get(keyword) ?? [];
    list.push({ rule, value });
    BY_KEYWORD.set(keyword, list);
  }
}

const WINDOW_CHARS = 240;
const WINDOW_WORDS = 8;
const BLOCK_LINES = 4;
/** The rest of a line that opens a block under the provider's name: `cloudflare:`, `[twilio]`, `"snyk": {`. */
const BLOCK_OPENER = /^[\w.-]*["'\]]?\s*(?::|=\s*\{|\{|:\s*\{)?\s*$/;

/**
 * Values of a provider's documented shape near the provider's name, for the
 * providers whose keys carry no prefix of their own (gitleaks calls these
 * keyword rules): same line within a few words, or the few lines of a block
 * the name opens. Windows stop at a placeholder so a second pass sees no more
 * than the first (idempotency).
 */
export function detectProviderContext(
  text: string,
  keywords: KeywordHits = findKeywords(text),
): Candidate[] {
  const found: Candidate[] = [];
  const names = keywords.providers;
  // As a search for the names would go: on from a name's end once it counted, else from the next place.
  let resume = 0;
  // Only a text that holds a placeholder has windows to cut at one (a slice and a search per window).
  const cut = names.length > 0 && text.includes(PLACEHOLDER_START);
  for (let k = 0; k < names.length; k += 2) {
    const at = names[k];
    if (at < resume || !startsWordAt(text, at)) continue;
    const keyword = PROVIDER_NAMES[names[k + 1]];
    const end = at + keyword.length;
    if (!endsWordAt(text, end)) continue;
    const [from, to] = window(text, end, cut);
    if (to - from >= 8) matchValues(text, from, to, BY_KEYWORD.get(keyword)!, found);
    resume = end;
  }
  return found;
}

function matchValues(
  text: string,
  from: number,
  to: number,
  rules: readonly CompiledContextRule[],
  found: Candidate[],
): void {
  const slice = text.slice(from, to);
  for (const { rule, value } of rules) {
    value.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = value.exec(slice)) !== null) {
      if (rule.accept && !rule.accept(m[0])) continue;
      found.push({
        kind: rule.kind,
        start: from + m.index,
        end: from + m.index + m[0].length,
        rank: RANK_SHAPE,
      });
    }
  }
}

const isLower = (c: number): boolean => c >= 97 && c <= 122;
const isUpper = (c: number): boolean => c >= 65 && c <= 90;

/** A name starts a word or a camelCase segment. */
function startsWordAt(text: string, at: number): boolean {
  if (at === 0) return true;
  const before = text.charCodeAt(at - 1);
  if (!isLower(before) && !isUpper(before)) return true;
  return (isLower(before) && isUpper(text.charCodeAt(at))) || isEscapeLetter(text, at - 1);
}

/** A name that ends at `end` does not run on into a longer lower-case word (or upper-case one). */
function endsWordAt(text: string, end: number): boolean {
  if (end >= text.length) return true;
  const after = text.charCodeAt(end);
  return isLower(text.charCodeAt(end - 1)) ? !isLower(after) : !isUpper(after);
}

/** The same line after the name (a few words), or the next lines when the name opens a block. */
function window(text: string, from: number, cut: boolean): [number, number] {
  const limit = Math.min(text.length, from + WINDOW_CHARS);
  let lineEnd = from;
  // To the line's end, real or JSON-escaped (`\\n`); by code, as this runs for every name found.
  while (lineEnd < limit) {
    const c = text.charCodeAt(lineEnd);
    if (c === 10 || (c === 92 && text.charCodeAt(lineEnd + 1) === 110)) break;
    lineEnd++;
  }
  let to = lineEnd;
  if (BLOCK_OPENER.test(text.slice(from, lineEnd))) {
    let lines = 0;
    while (to < limit && lines < BLOCK_LINES) {
      to++;
      if (text.charCodeAt(to) === 10) lines++;
    }
  } else {
    to = wordLimit(text, from, lineEnd);
  }
  const placeholder = cut ? text.slice(from, to).indexOf(PLACEHOLDER_START) : -1;
  return [from, placeholder === -1 ? to : from + placeholder];
}

function wordLimit(text: string, from: number, end: number): number {
  let seen = 0;
  let inWord = false;
  for (let k = from; k < end; k++) {
    const c = text[k];
    const space = c === ' ' || c === '\t' || c === '\r';
    if (!space && !inWord && ++seen > WINDOW_WORDS) return k;
    inWord = !space;
  }
  return end;
}
