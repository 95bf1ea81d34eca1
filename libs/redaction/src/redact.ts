import { detectAdminCredentials } from './detect-admin-credentials';
import { detectAssignments } from './detect-assignments';
import { detectCliCredentials } from './detect-cli-credentials';
import { detectConnectionStrings } from './detect-connection-strings';
import { detectCredentialCalls } from './detect-credential-calls';
import { detectCookies } from './detect-cookies';
import { detectEncodedPairs } from './detect-encoded-pairs';
import { detectHighEntropy } from './detect-high-entropy';
import { detectKubernetesSecrets } from './detect-kubernetes-secrets';
import { detectPrivateKeys } from './detect-private-keys';
import { detectProviderContext } from './detect-provider-context';
import { detectSplitJwts } from './detect-split-jwt';
import { detectTokens } from './detect-tokens';
import { detectUrlCredentials } from './detect-url-credentials';
import { codeUnitTable } from './code-unit-table';
import { looksRandom } from './entropy';
import { isExampleValue } from './example-values';
import { findKeywordSites } from './keyword-sites';
import {
  type KeywordHits,
  keywordHits,
  keywordOccurrences,
  keywordOccurrencesAfter,
} from './text-keywords';
import {
  type Candidate,
  type Finding,
  PLACEHOLDER_SOURCE,
  PLACEHOLDER_START,
  placeholder,
  type RedactionResult,
} from './secret-kind';
import { overlapsAny, type Span } from './spans';
import { entry } from './indexed';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const PLACEHOLDER = new RegExp(PLACEHOLDER_SOURCE, 'y');

/** A pass only ever replaces text that is not yet a placeholder, so this bound is never reached in practice. */
const MAX_PASSES = 8;

/**
 * Replaces every secret in `text` with a typed placeholder. Pure and
 * idempotent: placeholders already in the text are never matched again, text
 * that holds no secret comes back unchanged, byte for byte, and passes repeat
 * until one finds nothing. Repeating matters where a secret was glued to other
 * text: once it is a placeholder, its neighbour is judged on its own, exactly
 * as a second call would judge it.
 */
export function redact(text: string): RedactionResult {
  const occurrences = keywordOccurrences(text);
  const kept = { examples: 0 };
  let findings = scanOnce(text, occurrences, 0, false, kept);
  const { examples } = kept;
  if (findings.length === 0) return { text, findings, examples };
  let current = applyFindings(text, findings);
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    // Most secrets stand apart (a space, a quote, `=` before; a line's end after): the text around
    // their placeholder reads as it did around the secret, and a later pass could find nothing there.
    const glued = gluedPlaceholders(text, findings);
    if (glued.length === 0) break;
    // The redacted text's keywords from the first walk's, not from another walk (they are a function of the text).
    const placed = findings;
    const more = scanNearPlaceholders(
      current,
      glued,
      keywordOccurrencesAfter(occurrences, placed, (k) => placeholder(entry(placed, k).kind)),
    );
    if (more.length === 0) break;
    findings = mergeFindings(findings, toOriginal(more, findings));
    current = applyFindings(text, findings);
  }
  return { text: current, findings, examples };
}

/** One pass is enough to know: a later pass only runs after the first found something. */
export const containsSecret = (text: string): boolean =>
  scanOnce(text, keywordOccurrences(text)).length > 0;

/** Joined, not concatenated: a string built by `+=` is a rope, and every detector of the next pass would read through it. */
function applyFindings(text: string, findings: readonly Finding[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const f of findings) {
    parts.push(text.slice(at, f.start), placeholder(f.kind));
    at = f.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * Maps findings in redacted text back to the original. Later findings never
 * overlap a placeholder, so each sits in a gap between earlier findings.
 */
function toOriginal(later: readonly Finding[], earlier: readonly Finding[]): Finding[] {
  const mapped: Finding[] = [];
  let i = 0;
  let shift = 0;
  for (const f of later) {
    for (let e = earlier[i]; e !== undefined; e = earlier[++i]) {
      const endInRedacted = e.start - shift + placeholder(e.kind).length;
      if (endInRedacted > f.start) break;
      shift += e.end - e.start - placeholder(e.kind).length;
    }
    mapped.push({ kind: f.kind, start: f.start + shift, end: f.end + shift });
  }
  return mapped;
}

function mergeFindings(a: readonly Finding[], b: readonly Finding[]): Finding[] {
  return [...a, ...b].sort((x, y) => x.start - y.start);
}

/**
 * Characters that keep a secret apart from what comes before and after it: with one on each side
 * (or another placeholder, or the text's edge), every run, window and name around the secret ends
 * where it did, so its placeholder leaves the detectors nothing new to read.
 */
const APART_BEFORE = codeUnitTable(/[\s"'`({[<>,;]/);
const APART_AFTER = codeUnitTable(/[\s"'`)}\]<,;\\]/);
/**
 * `=` or `:` after a bare name (`DB_PASSWORD=…`): the name keeps the run it was in. Not after a random
 * one (`…aws_key = Zq81…BUNDLE_X__COM=…`): that is another value glued to the name, whose run ends at
 * the placeholder and is judged anew.
 */
const NAME_CHAR = codeUnitTable(/[A-Za-z0-9_.-]/);
const MAX_NAME = 80;

function apartBefore(text: string, at: number): boolean {
  if (at === 0 || APART_BEFORE[text.charCodeAt(at - 1)] === 1) return true;
  const op = text.charCodeAt(at - 1);
  if (op !== 61 && op !== 58) return false;
  let k = at - 2;
  while (k >= 0 && at - k <= MAX_NAME && NAME_CHAR[text.charCodeAt(k)] === 1) k--;
  if (k >= 0 && APART_BEFORE[text.charCodeAt(k)] !== 1) return false;
  return !looksRandom(text.slice(k + 1, at - 1));
}

const WHITESPACE = codeUnitTable(/\s/);

/**
 * A secret with spaces or line breaks in it (a private key's block): its placeholder, one word, joins
 * the words and lines around it, so what reads a line's words (a name and one word on a line of their
 * own) reads them anew.
 */
function holdsWhitespace(text: string, start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (WHITESPACE[text.charCodeAt(k)] === 1) return true;
  return false;
}

/**
 * Where in the redacted text the placeholders of findings glued to their neighbours are (`ghp_…` run
 * on into more letters, a value inside a longer run): the only places a later pass can find more.
 */
function gluedPlaceholders(text: string, findings: readonly Finding[]): Span[] {
  const glued: Span[] = [];
  let shift = 0;
  findings.forEach((f, i) => {
    const size = placeholder(f.kind).length;
    const before = apartBefore(text, f.start) || findings[i - 1]?.end === f.start;
    const after =
      f.end === text.length ||
      APART_AFTER[text.charCodeAt(f.end)] === 1 ||
      findings[i + 1]?.start === f.end;
    if (!before || !after || holdsWhitespace(text, f.start, f.end))
      glued.push({ start: f.start - shift, end: f.start - shift + size });
    shift += f.end - f.start - size;
  });
  return glued;
}

/** Lines around a placeholder that a later pass reads: the widest window a detector reads across lines (a provider block's four). */
const NEAR_LINES = 4;

/**
 * A later pass: only the text near a placeholder can hold something the pass before could not judge (a
 * neighbour glued to a secret), so only those lines are scanned again, each stretch on its own, instead of
 * the whole text once more for every text that held a secret.
 */
function scanNearPlaceholders(
  text: string,
  spans: readonly Span[],
  occurrences: readonly number[],
): Finding[] {
  const found: Finding[] = [];
  for (const [from, to] of linesAround(text, spans)) {
    const stretch = from === 0 && to === text.length ? text : text.slice(from, to);
    for (const f of scanOnce(stretch, occurrences, from, true))
      found.push({ kind: f.kind, start: f.start + from, end: f.end + from });
  }
  return found;
}

/**
 * [from, to) of the whole lines within NEAR_LINES of each span, merged where they meet; in order. The
 * newlines are listed once by indexOf (lastIndexOf, walking back, cost several times more).
 */
function linesAround(text: string, spans: readonly Span[]): Array<[number, number]> {
  const newlines: number[] = [];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) newlines.push(at);
  const out: Array<[number, number]> = [];
  for (const { start, end } of spans) {
    // The span's line starts after newlines[k - 1]; NEAR_LINES lines up, after newlines[k - 1 - NEAR_LINES]. Short
    // of that, the text's start, or 1 where the text starts with a newline (as lastIndexOf(…, -1) reads index 0).
    let k = firstAtOrAfter(newlines, start);
    const back = k - 1 - NEAR_LINES;
    const from = back >= 0 ? entry(newlines, back) + 1 : k > 0 && newlines[0] === 0 ? 1 : 0;
    k = firstAtOrAfter(newlines, end);
    const ahead = k + NEAR_LINES;
    const to = newlines[ahead] ?? text.length;
    const last = out[out.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** The index of the first value at or after `at` in a sorted list (its length when none is). */
function firstAtOrAfter(sorted: readonly number[], at: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entry(sorted, mid) < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Findings of one pass in `text`: sorted, never overlapping, never touching a placeholder. `text` is
 * the stretch from `offset` of a larger text whose keyword occurrences are given; `later` when it is
 * a later pass's stretch of whole lines.
 */
function scanOnce(
  text: string,
  occurrences: readonly number[],
  offset = 0,
  later = false,
  kept: { examples: number } = { examples: 0 },
): Finding[] {
  if (text.length === 0) return [];
  const guarded = placeholderSpans(text);
  const isProtected = (at: number): boolean => overlapsAny(guarded, at, at + 1);
  const keywords = outsidePlaceholders(
    keywordHits(occurrences, offset, offset + text.length),
    guarded,
  );
  const sites = findKeywordSites(text, isProtected, keywords);
  const candidates: Candidate[] = [
    ...(later ? detectTokensOnLinesOf(text, guarded) : detectTokens(text)),
    ...detectPrivateKeys(text),
    ...detectUrlCredentials(text),
    ...detectProviderContext(text, keywords),
    ...detectCliCredentials(text),
    ...detectCredentialCalls(text, keywords),
    ...detectAdminCredentials(text, keywords),
    ...detectCookies(text, keywords),
    ...detectConnectionStrings(text, keywords),
    ...detectKubernetesSecrets(text),
    ...detectSplitJwts(text),
    ...detectEncodedPairs(text),
    ...detectAssignments(text, sites),
    ...detectHighEntropy(text, sites),
  ];
  const outside =
    guarded.length === 0
      ? candidates
      : candidates.filter((c) => !overlapsAny(guarded, c.start, c.end));
  return withoutExamples(text, merge(outside), kept);
}

/**
 * The hits less provider names inside a placeholder (`[REDACTED:coinbase_token]`): the name is the
 * redactor's, not the text's, and would open a provider's window on the lines after it. Secret words
 * there are passed over where names are read (findKeywordSites).
 */
function outsidePlaceholders(keywords: KeywordHits, guarded: readonly Span[]): KeywordHits {
  const { providers } = keywords;
  if (guarded.length === 0 || providers.length === 0) return keywords;
  const kept: number[] = [];
  for (let k = 0; k < providers.length; k += 2) {
    const start = entry(providers, k);
    if (!overlapsAny(guarded, start, start + 1)) kept.push(start, entry(providers, k + 1));
  }
  return kept.length === providers.length ? keywords : { ...keywords, providers: kept };
}

/**
 * The findings less those whose text is a documented example or a stand-in (example-values), each
 * counted as kept. Judged after merging, so a real secret that overlaps an example stays whole.
 */
function withoutExamples(text: string, findings: Finding[], kept: { examples: number }): Finding[] {
  let secrets: Finding[] | null = null;
  const mayBeEncrypted = text.includes('ENC[') || text.includes('ENC(');
  findings.forEach((f, i) => {
    if (
      !isExampleValue(text.slice(f.start, f.end)) &&
      !(mayBeEncrypted && isEncrypted(text, f.start))
    ) {
      secrets?.push(f);
      return;
    }
    kept.examples++;
    secrets ??= findings.slice(0, i);
  });
  return secrets ?? findings;
}

/** How far back an encrypted value's opening is looked for. */
const ENCRYPTED_REACH = 400;

/**
 * Inside a value encrypted where it is written, which is made to be committed: SOPS's
 * `ENC[AES256_GCM,data:…,iv:…,tag:…]`, Jasypt's `ENC(…)`.
 */
function isEncrypted(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - ENCRYPTED_REACH), at);
  const open = Math.max(before.lastIndexOf('ENC['), before.lastIndexOf('ENC('));
  if (open === -1) return false;
  const close = before.charCodeAt(open + 3) === 91 ? ']' : ')';
  return !before.includes(close, open) && !before.includes('\n', open);
}

/**
 * detectTokens over a later pass's stretch, read only on the lines that hold a placeholder. No token
 * reaches across a line: runs hold no whitespace, no shape, trigger or scheme prefix matches a
 * newline, and the lookarounds read a newline as they read a text's edge. So what detectTokens finds
 * on a line depends on that line alone, and a line without a placeholder is a line of the original
 * text that no finding touched: the first pass found no token on it, so no later pass can.
 */
function detectTokensOnLinesOf(text: string, placeholders: readonly Span[]): Candidate[] {
  const found: Candidate[] = [];
  let doneUntil = 0;
  for (const { start, end } of placeholders) {
    if (end <= doneUntil) continue;
    const from = text.lastIndexOf('\n', start - 1) + 1;
    let to = text.indexOf('\n', end);
    if (to === -1) to = text.length;
    doneUntil = to;
    const lines = from === 0 && to === text.length ? text : text.slice(from, to);
    for (const c of detectTokens(lines))
      found.push({ kind: c.kind, start: c.start + from, end: c.end + from, rank: c.rank });
  }
  return found;
}

/** What matchAll of the placeholder would find (no two overlap), from an indexOf per placeholder and a sticky match at it. */
function placeholderSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (let at = text.indexOf(PLACEHOLDER_START); at !== -1;) {
    PLACEHOLDER.lastIndex = at;
    if (PLACEHOLDER.test(text)) {
      spans.push({ start: at, end: PLACEHOLDER.lastIndex });
      at = text.indexOf(PLACEHOLDER_START, PLACEHOLDER.lastIndex);
    } else at = text.indexOf(PLACEHOLDER_START, at + 1);
  }
  return spans;
}

/**
 * Overlapping candidates become one finding over their union, so no fragment of
 * a secret survives between two detectors; the most specific kind names it.
 */
function merge(candidates: Candidate[]): Finding[] {
  const live = candidates.filter((c) => c.end > c.start);
  if (live.length === 0) return [];
  live.sort((a, b) => a.start - b.start || b.end - a.end || b.rank - a.rank);
  const [first, ...rest] = live;
  if (first === undefined) return [];
  const merged: Finding[] = [];
  let cur: Mutable<Candidate> = { ...first };
  for (const c of rest) {
    if (c.start < cur.end) {
      cur.end = Math.max(cur.end, c.end);
      if (c.rank > cur.rank) {
        cur.kind = c.kind;
        cur.rank = c.rank;
      }
      continue;
    }
    merged.push({ kind: cur.kind, start: cur.start, end: cur.end });
    cur = { ...c };
  }
  merged.push({ kind: cur.kind, start: cur.start, end: cur.end });
  return merged;
}
