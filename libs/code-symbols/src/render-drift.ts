import type { CodeSymbol } from './snapshot-types';
import {
  diffSymbols,
  qualifiedName,
  type SymbolChange,
  type SymbolDrift,
  type SymbolPlace,
} from './symbol-drift';

/** One snapshot a drift is read from: when, at which commit, and its symbols. */
export interface SnapshotPoint {
  at: string;
  commit?: string;
  author?: string;
  contentHash: string;
  symbols: readonly CodeSymbol[];
}

/** The answer to drift_since: a delta when a snapshot predates `since`, else today's symbols and why. */
export interface DriftReport {
  path: string;
  since: string;
  baseline: Omit<SnapshotPoint, 'symbols'> | null;
  current: Omit<SnapshotPoint, 'symbols'> | null;
  /** Null when there is no baseline: never a delta made up from nothing. */
  delta: SymbolDrift | null;
  /** Today's symbols, given only when there is no delta to give. */
  symbols?: SymbolPlace[];
  text: string;
}

const MAX_SIGNATURE = 160;
const lines = (s: { startLine: number; endLine: number }) =>
  s.startLine === s.endLine ? `L${s.startLine}` : `L${s.startLine}-L${s.endLine}`;
const short = (signature: string) =>
  signature.length <= MAX_SIGNATURE ? signature : `${signature.slice(0, MAX_SIGNATURE - 1)}…`;
const label = (point: Omit<SnapshotPoint, 'symbols'>) =>
  `${point.at.slice(0, 16).replace('T', ' ')}${point.commit ? ` (${point.commit.slice(0, 7)})` : ''}`;
const strip = ({ at, commit, author, contentHash }: SnapshotPoint) => ({
  at,
  ...(commit ? { commit } : {}),
  ...(author ? { author } : {}),
  contentHash,
});
const placeOf = (s: CodeSymbol): SymbolPlace => ({
  name: s.name,
  kind: s.kind,
  ...(s.parent ? { parent: s.parent } : {}),
  signature: s.signature,
  startLine: s.startLine,
  endLine: s.endLine,
});

/**
 * drift_since's answer from the newest snapshot at or before `since` (`baseline`) and the newest one
 * (`current`). Without a baseline it says so in one line and lists today's symbols instead.
 */
export function driftReport(input: {
  path: string;
  since: string;
  baseline: SnapshotPoint | null;
  current: SnapshotPoint | null;
  firstAt?: string;
}): DriftReport {
  const { path, since, baseline, current } = input;
  const base = {
    path,
    since,
    baseline: baseline && strip(baseline),
    current: current && strip(current),
  };
  if (!current)
    return { ...base, delta: null, text: `No snapshot of ${path} yet: nothing to compare.` };
  if (!baseline) {
    const first = input.firstAt
      ? `; the first is from ${input.firstAt.slice(0, 16).replace('T', ' ')}`
      : '';
    const symbols = current.symbols.map(placeOf);
    return {
      ...base,
      delta: null,
      symbols,
      text: [
        `No snapshot of ${path} at or before ${since}${first}: no delta to give. Its symbols now (${label(current)}):`,
        ...symbols.map((s) => `  ${lines(s)} ${s.kind} ${qualifiedName(s)}`),
      ].join('\n'),
    };
  }
  const delta = diffSymbols(baseline.symbols, current.symbols);
  return { ...base, delta, text: renderDrift(path, baseline, current, delta) };
}

/** A symbol as a line shows it: its signature, which names it already, else its kind, name and signature. */
const shown = (s: Pick<CodeSymbol, 'name' | 'kind' | 'parent' | 'signature'>) =>
  s.signature.includes(s.name)
    ? `${s.parent ? `${s.parent} › ` : ''}${short(s.signature)}`
    : `${s.kind} ${qualifiedName(s)}: ${short(s.signature)}`;
const IDENTIFIER = /[\p{L}\p{N}_$]/u;

/**
 * The part of an old signature that differs from the new one, with `…` for what they share: the new
 * signature is shown whole, the old one only where it was different.
 */
export function signatureWas(from: string, to: string): string {
  let start = 0;
  while (start < from.length && start < to.length && from[start] === to[start]) start++;
  let end = 0;
  while (
    end < from.length - start &&
    end < to.length - start &&
    from[from.length - 1 - end] === to[to.length - 1 - end]
  )
    end++;
  if (start + end === from.length) return `added ${short(to.slice(start, to.length - end).trim())}`;
  // whole words: from a word's start to a word's end, never the middle of one
  while (start > 0 && IDENTIFIER.test(from[start - 1] ?? '')) start--;
  while (end > 0 && IDENTIFIER.test(from[from.length - end] ?? '')) end--;
  const middle = from.slice(start, from.length - end);
  return `was ${start > 0 ? '…' : ''}${short(middle)}${end > 0 ? '…' : ''}`;
}

const changeLine = (mark: string, c: SymbolChange, what: string, kind = true) =>
  `${mark} ${lines(c.to)} ${kind ? `${c.to.kind} ` : ''}${what}`;

/** The delta in a few lines an agent reads at a glance: one line per change, line ranges of today. */
export function renderDrift(
  path: string,
  baseline: Omit<SnapshotPoint, 'symbols'>,
  current: Omit<SnapshotPoint, 'symbols'>,
  d: SymbolDrift,
): string {
  const counts = [
    [d.added.length, 'added'],
    [d.removed.length, 'removed'],
    [d.renamed.length, 'renamed'],
    [d.moved.length, 'moved'],
    [d.signatureChanged.length, 'signature changed'],
    [d.bodyChanged.length, 'body changed'],
  ] as const;
  const summary = counts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  // the asker named the path, and the newest version is the one they have: only the baseline is news
  const head = `Since ${label(baseline)}: ${summary.length ? summary.join(', ') : 'no structural change'}`;
  if (baseline.contentHash === current.contentHash) return `${head} (same content)`;
  return [
    head,
    ...d.added.map((s) => `+ ${lines(s)} ${shown(s)}`),
    ...d.removed.map((s) => `- ${lines(s)} ${s.kind} ${qualifiedName(s)} (then)`),
    ...d.renamed.map((c) =>
      changeLine('»', c, `${qualifiedName(c.from)} → ${qualifiedName(c.to)}`),
    ),
    ...d.moved.map((c) =>
      changeLine(
        '↕',
        c,
        `${qualifiedName(c.to)} (was ${qualifiedName(c.from) === qualifiedName(c.to) ? '' : `${qualifiedName(c.from)} `}${lines(c.from)})`,
      ),
    ),
    ...d.signatureChanged.map((c) =>
      changeLine(
        '~',
        c,
        `${shown(c.to)} (${signatureWas(c.from.signature, c.to.signature)})`,
        false,
      ),
    ),
    ...(d.bodyChanged.length
      ? [
          `• body changed: ${d.bodyChanged.map((c) => `${qualifiedName(c.to)} ${lines(c.to)}`).join(', ')}`,
        ]
      : []),
  ].join('\n');
}

type Named = { name: string; parent?: string };
type NamedChange = { from: Named; to: Named };

/**
 * The delta as one short line of names, for a digest that lists many files (docs/code-symbols.md):
 * `+added −removed old→new ~signature ↕moved`, at most `max` characters. Null when the structure did
 * not change (bodies alone do not count).
 */
export function driftHeadline(
  d: Record<'added' | 'removed', readonly Named[]> &
    Record<'renamed' | 'signatureChanged' | 'moved', readonly NamedChange[]>,
  max = 160,
): string | null {
  const parts = [
    ...d.added.map((s) => `+${qualifiedName(s)}`),
    ...d.removed.map((s) => `−${qualifiedName(s)}`),
    ...d.renamed.map((c) => `${qualifiedName(c.from)}→${c.to.name}`),
    ...d.signatureChanged.map((c) => `~${qualifiedName(c.to)}`),
    ...d.moved.map((c) => `↕${qualifiedName(c.to)}`),
  ];
  if (parts.length === 0) return null;
  let line = '';
  for (const [i, part] of parts.entries()) {
    const rest = parts.length - i - 1;
    const tail = rest > 0 ? ` +${rest} more` : '';
    const next = line ? `${line} ${part}` : part;
    if (next.length + tail.length > max)
      return line ? `${line} +${parts.length - i} more` : `${part.slice(0, max - 12)}…${tail}`;
    line = next;
  }
  return line;
}
