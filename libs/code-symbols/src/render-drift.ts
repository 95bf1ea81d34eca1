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
const strip = ({ at, commit, contentHash }: SnapshotPoint) => ({
  at,
  ...(commit ? { commit } : {}),
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

const changeLine = (mark: string, c: SymbolChange, what: string) =>
  `${mark} ${lines(c.to)} ${c.to.kind} ${what}`;

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
  const head = `${path} ${label(baseline)} → ${label(current)}: ${summary.length ? summary.join(', ') : 'no structural change'}`;
  if (baseline.contentHash === current.contentHash) return `${head} (same content)`;
  return [
    head,
    ...d.added.map((s) => `+ ${lines(s)} ${s.kind} ${qualifiedName(s)}: ${short(s.signature)}`),
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
        `${qualifiedName(c.to)}: ${short(c.from.signature)} ⇒ ${short(c.to.signature)}`,
      ),
    ),
    ...(d.bodyChanged.length
      ? [
          `• body changed: ${d.bodyChanged.map((c) => `${qualifiedName(c.to)} ${lines(c.to)}`).join(', ')}`,
        ]
      : []),
  ].join('\n');
}
