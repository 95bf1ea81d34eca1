import { detectAssignments } from './detect-assignments';
import { detectHighEntropy } from './detect-high-entropy';
import { detectPrivateKeys } from './detect-private-keys';
import { detectTokens } from './detect-tokens';
import { detectUrlCredentials } from './detect-url-credentials';
import { findKeywordSites } from './keyword-sites';
import {
  type Candidate,
  type Finding,
  PLACEHOLDER_SOURCE,
  placeholder,
  type RedactionResult,
} from './secret-kind';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const PLACEHOLDER = new RegExp(PLACEHOLDER_SOURCE, 'g');

/**
 * Replaces every secret in `text` with a typed placeholder. Pure and
 * idempotent: placeholders already in the text are never matched again, and
 * text that holds no secret comes back unchanged, byte for byte.
 */
export function redact(text: string): RedactionResult {
  const findings = findSecrets(text);
  if (findings.length === 0) return { text, findings };
  let out = '';
  let at = 0;
  for (const f of findings) {
    out += text.slice(at, f.start) + placeholder(f.kind);
    at = f.end;
  }
  return { text: out + text.slice(at), findings };
}

export const containsSecret = (text: string): boolean => findSecrets(text).length > 0;

/** Findings in the original text, sorted, never overlapping, never touching a placeholder. */
export function findSecrets(text: string): Finding[] {
  if (text.length === 0) return [];
  const guarded = placeholderSpans(text);
  const isProtected = (at: number): boolean => overlapsAny(guarded, at, at + 1);
  const sites = findKeywordSites(text, isProtected);
  const candidates: Candidate[] = [
    ...detectTokens(text),
    ...detectPrivateKeys(text),
    ...detectUrlCredentials(text),
    ...detectAssignments(text, sites),
    ...detectHighEntropy(text, sites),
  ];
  const outside = guarded.length === 0
    ? candidates
    : candidates.filter((c) => !overlapsAny(guarded, c.start, c.end));
  return merge(outside);
}

function placeholderSpans(text: string): Array<[number, number]> {
  if (!text.includes('[REDACTED:')) return [];
  return [...text.matchAll(PLACEHOLDER)].map((m) => [m.index, m.index + m[0].length]);
}

/** Binary search over sorted, disjoint spans: many placeholders must not make this quadratic. */
function overlapsAny(spans: ReadonlyArray<[number, number]>, start: number, end: number): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [s, e] = spans[mid]!;
    if (e <= start) lo = mid + 1;
    else if (s >= end) hi = mid - 1;
    else return true;
  }
  return false;
}

/**
 * Overlapping candidates become one finding over their union, so no fragment of
 * a secret survives between two detectors; the most specific kind names it.
 */
function merge(candidates: Candidate[]): Finding[] {
  const live = candidates.filter((c) => c.end > c.start);
  if (live.length === 0) return [];
  live.sort((a, b) => a.start - b.start || b.end - a.end || b.rank - a.rank);
  const merged: Finding[] = [];
  let cur: Mutable<Candidate> = { ...live[0]! };
  for (const c of live.slice(1)) {
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
