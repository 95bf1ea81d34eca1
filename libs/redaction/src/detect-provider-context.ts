import { isEscapeLetter } from './references';
import { CONTEXT_RULES, type ContextRule } from './rules/context.rules';
import { type Candidate, PLACEHOLDER_START, RANK_SHAPE } from './secret-kind';
import { findKeywords, type KeywordHits, PROVIDER_NAMES } from './text-keywords';
import { captured, entry } from './indexed';

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
const WINDOW_WORDS = 12;
const BLOCK_LINES = 4;
/**
 * The rest of a line that opens a block under the provider's name: `cloudflare:`, `[twilio]`, `"snyk": {`,
 * `MAILGUN_KEYS = [`, YAML's `softlayer_key: |` or `>-`.
 */
const BLOCK_OPENER = /^[\w.-]*["'\]]?\s*(?::|=\s*[{[]|\{|:\s*\{|:\s*[|>][-+]?)?\s*$/;

/** A line of words that ends in a colon ("the Cloudant creds for staging:"): what it names follows it. */
const PROSE_OPENER = /:[ \t]*\r?$/;

/**
 * Values of a provider's documented shape near the provider's name, for the
 * providers whose keys carry no prefix of their own (gitleaks calls these
 * keyword rules): same line within a few words, or the few lines of a block
 * the name opens. Windows stop at a placeholder so a second pass sees no more
 * than the first (idempotency).
 */
/**
 * An AWS secret access key written right after its key id (`AKIA…:…`, `AKIA… / …`, `AKIA…,…`, `AKIA… …`), as
 * credentials files and pastes pair them: the id names the value beside it.
 */
const AWS_PAIR =
  /(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z2-7]{16}(?:[ \t]*[:/,;|][ \t]*|[ \t]+)["']?(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/dg;

function awsPairs(text: string, found: Candidate[]): void {
  if (!text.includes('AKIA') && !text.includes('ASIA')) return;
  for (const m of text.matchAll(AWS_PAIR)) {
    const secret = captured(m, 'secret');
    if (secret !== null && awsSecret(secret.value))
      found.push({
        kind: 'aws_secret_key',
        start: secret.start,
        end: secret.end,
        rank: RANK_SHAPE,
      });
  }
}
const awsSecret = (s: string): boolean => /\d/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s);

export function detectProviderContext(
  text: string,
  keywords: KeywordHits = findKeywords(text),
): Candidate[] {
  const found: Candidate[] = [];
  awsPairs(text, found);
  const names = keywords.providers;
  // As a search for the names would go: on from a name's end once it counted, else from the next place.
  let resume = 0;
  // Only a text that holds a placeholder has windows to cut at one (a slice and a search per window).
  const cut = names.length > 0 && text.includes(PLACEHOLDER_START);
  for (let k = 0; k < names.length; k += 2) {
    const at = entry(names, k);
    if (at < resume || !startsWordAt(text, at)) continue;
    const keyword = entry(PROVIDER_NAMES, entry(names, k + 1));
    const end = at + keyword.length;
    if (!endsWordAt(text, end)) continue;
    const [from, to] = window(text, end, cut);
    const rules = BY_KEYWORD.get(keyword)!;
    if (to - from >= 8) matchValues(text, from, to, rules, found);
    for (const [start, stop] of pastedBefore(text, at))
      matchValues(text, start, stop, rules, found);
    const after = pastedAfter(text, end, cut);
    if (after !== null) matchValues(text, after[0], after[1], rules, found);
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
  const rest = text.slice(from, lineEnd);
  if (
    BLOCK_OPENER.test(rest) ||
    (PROSE_OPENER.test(rest) && wordLimit(text, from, lineEnd) === lineEnd)
  ) {
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

/** Quote marks, bullets and prompts a pasted value may stand behind on its line. */
const PASTE_DECORATION = /^[ \t>*#`'"$-]*/;
/** At most this many words between the line's start and the name, for the line to talk about a value before it. */
const WORDS_BEFORE_NAME = 6;

/**
 * A value pasted first and named after ("> 599b…⏎that's the SoftLayer key", "d968… is the new twilio
 * token"): the first word of the name's line, and the previous line when it holds one word alone, when
 * the name comes within a few words of its line's start. A stretch that holds a placeholder is left out.
 */
function pastedBefore(text: string, at: number): Array<[number, number]> {
  const lineStart = lineStartWithin(text, at, WORDS_BEFORE_NAME);
  if (lineStart === -1) return [];
  const before = text.slice(lineStart, at);
  const out: Array<[number, number]> = [];
  const first = /^([ \t>*#`'"$-]*)([^\s]+)/.exec(before);
  if (first?.[1] !== undefined && first[2] !== undefined && first[2].length >= 8) {
    const start = lineStart + first[1].length;
    out.push([start, start + first[2].length]);
  }
  if (lineStart > 0) {
    const previousStart = lineStartWithin(text, lineStart - 1, 1);
    const previous = previousStart === -1 ? '' : text.slice(previousStart, lineStart - 1);
    const lead = PASTE_DECORATION.exec(previous)![0].length;
    if (/^[^\s]{8,}[ \t"'`]*\r?$/.test(previous.slice(lead)))
      out.push([previousStart + lead, lineStart - 1]);
  }
  return out.filter(([from, to]) => !text.slice(from, to).includes(PLACEHOLDER_START));
}

/** A line that holds nothing but decoration: blank, a quote mark, a code fence. */
const DECORATION_LINE = /^[ \t>*#`'"-]*\r?$/;
/** The rest of a line of words: letters, digits, spaces and a sentence's punctuation, no `=`. */
const PROSE_REST = /^[\w \t,.'()/-]*[:.!?]?[ \t]*\r?$/;
/** A word that is no setting of its own (`sha256=…`, `id:…`): no `=` or `:` but base64's padding. */
const PASTED_WORD = /^[^\s=:]+={0,2}(?=[\s"'`]|$)/;
/** Lines passed over between a name's line and the value under it. */
const LINES_TO_VALUE = 2;

/**
 * A value pasted on a line of its own under the line that names it ("New Twilio auth token below⏎d29e…",
 * "Cloudant creds:⏎```⏎f5cf…"): the first word of the first line after the name's that is not
 * decoration. null when there is none, or a placeholder is in the way.
 */
function pastedAfter(text: string, end: number, cut: boolean): [number, number] | null {
  let lineEnd = lineEndWithin(text, end);
  if (lineEnd === -1 || lineEnd === text.length) return null;
  // The name's line is words about what follows, not a setting with a value of its own.
  if (!PROSE_REST.test(text.slice(end, lineEnd))) return null;
  for (let passed = 0; passed <= LINES_TO_VALUE; passed++) {
    const start = lineEnd + 1;
    lineEnd = lineEndWithin(text, start);
    if (lineEnd === -1) return null;
    const line = text.slice(start, lineEnd);
    if (DECORATION_LINE.test(line)) {
      if (lineEnd === text.length) return null;
      continue;
    }
    const lead = PASTE_DECORATION.exec(line)![0].length;
    const word = PASTED_WORD.exec(line.slice(lead));
    if (word === null || word[0].length < 8 || (cut && word[0].includes(PLACEHOLDER_START)))
      return null;
    return [start + lead, start + lead + word[0].length];
  }
  return null;
}

/**
 * Where the line from `from` ends (a newline, or the text's end) when that is within WINDOW_CHARS, else
 * -1: searched in a bounded stretch, as this runs for every name found and a line may be the whole text.
 */
function lineEndWithin(text: string, from: number): number {
  const at = text.slice(from, from + WINDOW_CHARS + 1).indexOf('\n');
  if (at !== -1) return from + at;
  return from + WINDOW_CHARS + 1 >= text.length ? text.length : -1;
}

/**
 * The start of the line that holds `at` when at most `words` words stand before `at` on it and it starts
 * within LINE_HEAD_CHARS, else -1: read back by code and stopped early, as this runs for every name found.
 * The words count, not their length: a long secret among them is one word, and still one as a shorter
 * placeholder, so a second pass reads the line as the first did (docs/redaction.md). The bound in
 * characters only stops a walk through a very long word.
 */
const LINE_HEAD_CHARS = 1024;

function lineStartWithin(text: string, at: number, words: number): number {
  let gaps = 0;
  let spaced = true;
  for (let k = at - 1; k >= at - LINE_HEAD_CHARS; k--) {
    if (k < 0) return 0;
    const c = text.charCodeAt(k);
    if (c === 10) return k + 1;
    const space = c === 32 || c === 9;
    if (space && !spaced && ++gaps > words) return -1;
    spaced = space;
  }
  return -1;
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
