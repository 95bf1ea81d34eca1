import { literalTrie } from './literal-trie';
import { isEscapeLetter } from './references';
import { CONTEXT_RULES, type ContextRule } from './rules/context.rules';
import { type Candidate, RANK_SHAPE } from './secret-kind';

interface CompiledContextRule {
  readonly rule: ContextRule;
  readonly value: RegExp;
}

const VALUE_EDGE_BEFORE = '(?<![A-Za-z0-9_+/.~-])';
const VALUE_EDGE_AFTER = '(?![A-Za-z0-9_+/=~-])';

const BY_KEYWORD = new Map<string, CompiledContextRule[]>();
for (const rule of CONTEXT_RULES) {
  const value = new RegExp(`${VALUE_EDGE_BEFORE}(?:${rule.values.join('|')})${VALUE_EDGE_AFTER}`, 'g');
  for (const keyword of rule.keywords) {
    const list = BY_KEYWORD.get(keyword) ?? [];
    list.push({ rule, value });
    BY_KEYWORD.set(keyword, list);
  }
}
const KEYWORD = new RegExp(literalTrie([...BY_KEYWORD.keys()], true), 'gi');

const WINDOW_CHARS = 240;
const WINDOW_WORDS = 8;
const BLOCK_LINES = 4;
const PLACEHOLDER_START = '[REDACTED:';
/** The rest of a line that opens a block under the provider's name: `cloudflare:`, `[twilio]`, `"snyk": {`. */
const BLOCK_OPENER = /^[\w.-]*["'\]]?\s*(?::|=\s*\{|\{|:\s*\{)?\s*$/;

/**
 * Values of a provider's documented shape near the provider's name, for the
 * providers whose keys carry no prefix of their own (gitleaks calls these
 * keyword rules): same line within a few words, or the few lines of a block
 * the name opens. Windows stop at a placeholder so a second pass sees no more
 * than the first (idempotency).
 */
export function detectProviderContext(text: string): Candidate[] {
  const found: Candidate[] = [];
  const keyword = new RegExp(KEYWORD);
  let hit: RegExpExecArray | null;
  while ((hit = keyword.exec(text)) !== null) {
    const at = hit.index;
    const end = at + hit[0].length;
    if (!atBoundary(text, at, end)) {
      keyword.lastIndex = at + 1;
      continue;
    }
    const rules = BY_KEYWORD.get(hit[0].toLowerCase());
    if (!rules) continue;
    const [from, to] = window(text, end);
    if (to - from < 8) continue;
    const slice = text.slice(from, to);
    for (const { rule, value } of rules) {
      value.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = value.exec(slice)) !== null) {
        if (rule.accept && !rule.accept(m[0])) continue;
        found.push({ kind: rule.kind, start: from + m.index, end: from + m.index + m[0].length, rank: RANK_SHAPE });
      }
    }
  }
  return found;
}

/** The name starts a word or a camelCase segment, and does not run on into a longer lower-case word. */
function atBoundary(text: string, at: number, end: number): boolean {
  const before = text[at - 1];
  const first = text[at]!;
  const startsWord = before === undefined || !/[A-Za-z]/.test(before) || (/[a-z]/.test(before) && /[A-Z]/.test(first))
    || isEscapeLetter(text, at - 1);
  if (!startsWord) return false;
  const after = text[end];
  const last = text[end - 1]!;
  if (after === undefined) return true;
  return /[a-z]/.test(last) ? !/[a-z]/.test(after) : !/[A-Z]/.test(after);
}

/** The same line after the name (a few words), or the next lines when the name opens a block. */
function window(text: string, from: number): [number, number] {
  const limit = Math.min(text.length, from + WINDOW_CHARS);
  let lineEnd = from;
  while (lineEnd < limit && text[lineEnd] !== '\n' && !text.startsWith('\\n', lineEnd)) lineEnd++;
  let to = lineEnd;
  if (BLOCK_OPENER.test(text.slice(from, lineEnd))) {
    let lines = 0;
    while (to < limit && lines < BLOCK_LINES) {
      to++;
      if (text[to] === '\n') lines++;
    }
  } else {
    to = wordLimit(text, from, lineEnd);
  }
  const placeholder = text.slice(from, to).indexOf(PLACEHOLDER_START);
  return [from, placeholder === -1 ? to : from + placeholder];
}

function wordLimit(text: string, from: number, end: number): number {
  let seen = 0;
  let inWord = false;
  for (let k = from; k < end; k++) {
    const c = text[k]!;
    const space = c === ' ' || c === '\t' || c === '\r';
    if (!space && !inWord && ++seen > WINDOW_WORDS) return k;
    inWord = !space;
  }
  return end;
}
