import type { CodeSymbol, SymbolKind } from './snapshot-types';
import { textHash } from './symbol-text';

/** A symbol as a delta names it: no hash, its qualified name, where it is. */
export interface SymbolPlace {
  name: string;
  kind: SymbolKind;
  parent?: string;
  signature: string;
  startLine: number;
  endLine: number;
}

export interface SymbolChange {
  from: SymbolPlace;
  to: SymbolPlace;
}

/** What changed in a file's structure between two snapshots; a rename is one change. */
export interface SymbolDrift {
  added: SymbolPlace[];
  removed: SymbolPlace[];
  renamed: SymbolChange[];
  /** To another class or namespace, or out of its order among its siblings. */
  moved: SymbolChange[];
  signatureChanged: SymbolChange[];
  /** The same header, another body. */
  bodyChanged: SymbolChange[];
  unchanged: number;
}

const EMPTY_BODY = textHash('');

const place = (s: CodeSymbol): SymbolPlace => ({
  name: s.name,
  kind: s.kind,
  ...(s.parent ? { parent: s.parent } : {}),
  signature: s.signature,
  startLine: s.startLine,
  endLine: s.endLine,
});

const change = (from: CodeSymbol, to: CodeSymbol): SymbolChange => ({
  from: place(from),
  to: place(to),
});

export const qualifiedName = (s: { name: string; parent?: string }) =>
  s.parent ? `${s.parent}.${s.name}` : s.name;

const depthOf = (s: CodeSymbol) => (s.parent ? s.parent.split('.').length : 0);

/** The signature with its own name taken out: a rename that changes nothing else keeps it. */
const shapeOf = (s: CodeSymbol): string | null => {
  const at = s.signature.indexOf(s.name);
  return at < 0
    ? null
    : `${s.kind}:${s.signature.slice(0, at)}\u0000${s.signature.slice(at + s.name.length)}`;
};

/** Identity across snapshots: parent, name and kind, and the n-th of them (overloads). */
function keyed(symbols: readonly CodeSymbol[], parentOf: (s: CodeSymbol) => string) {
  const seen = new Map<string, number>();
  const byKey = new Map<string, CodeSymbol>();
  for (const s of symbols) {
    const base = `${parentOf(s)}\u0000${s.name}\u0000${s.kind}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    byKey.set(`${base}\u0000${n}`, s);
  }
  return byKey;
}

/**
 * The structural delta from `before` to `after` (docs/code-symbols.md). Level by level from the top:
 * symbols match by parent, name and kind; of the rest, a removed and an added one of the same kind
 * and parent with the same body hash, or else the same signature but for the name, are one rename;
 * the same name and body under another parent is one move. A renamed class carries its members.
 */
export function diffSymbols(
  before: readonly CodeSymbol[],
  after: readonly CodeSymbol[],
): SymbolDrift {
  const drift: SymbolDrift = {
    added: [],
    removed: [],
    renamed: [],
    moved: [],
    signatureChanged: [],
    bodyChanged: [],
    unchanged: 0,
  };
  /** A renamed or moved container's old qualified name → its new one. */
  const renamedParents = new Map<string, string>();
  const parentNow = (parent: string | undefined): string => {
    if (!parent) return '';
    const parts = parent.split('.');
    for (let i = parts.length; i > 0; i -= 1) {
      const mapped = renamedParents.get(parts.slice(0, i).join('.'));
      if (mapped !== undefined) return [mapped, ...parts.slice(i)].join('.');
    }
    return parent;
  };
  const pairs: Array<[CodeSymbol, CodeSymbol]> = [];
  const depths = [...new Set([...before, ...after].map(depthOf))].sort((a, b) => a - b);
  for (const depth of depths) {
    const was = keyed(
      before.filter((s) => depthOf(s) === depth),
      (s) => parentNow(s.parent),
    );
    const now = keyed(
      after.filter((s) => depthOf(s) === depth),
      (s) => s.parent ?? '',
    );
    const removed: CodeSymbol[] = [];
    for (const [key, old] of was) {
      const current = now.get(key);
      if (!current) removed.push(old);
      else {
        now.delete(key);
        pairs.push([old, current]);
      }
    }
    const added = [...now.values()];
    pairRenamesAndMoves(removed, added, parentNow, drift, renamedParents, pairs);
    drift.removed.push(...removed.map(place));
    drift.added.push(...added.map(place));
  }
  for (const [old, current] of pairs) {
    if (old.name !== current.name) continue;
    if (old.signature !== current.signature) drift.signatureChanged.push(change(old, current));
    else if (old.bodyHash !== current.bodyHash) drift.bodyChanged.push(change(old, current));
    else drift.unchanged += 1;
  }
  drift.moved.push(...reordered(pairs, parentNow));
  return withoutExplainedContainers(drift);
}

/** A class whose body changed only because its members did says nothing its members' changes do not. */
function withoutExplainedContainers(drift: SymbolDrift): SymbolDrift {
  const parents = new Set<string>();
  const note = (s: SymbolPlace) => {
    const parts = s.parent?.split('.') ?? [];
    parts.forEach((_, i) => parents.add(parts.slice(0, i + 1).join('.')));
  };
  [...drift.added, ...drift.removed].forEach(note);
  for (const list of [drift.renamed, drift.moved, drift.signatureChanged, drift.bodyChanged])
    for (const c of list) [c.from, c.to].forEach(note);
  return {
    ...drift,
    bodyChanged: drift.bodyChanged.filter((c) => !parents.has(qualifiedName(c.to))),
  };
}

/** Takes the renames and moves out of `removed` and `added` (both edited in place). */
function pairRenamesAndMoves(
  removed: CodeSymbol[],
  added: CodeSymbol[],
  parentNow: (parent: string | undefined) => string,
  drift: SymbolDrift,
  renamedParents: Map<string, string>,
  pairs: Array<[CodeSymbol, CodeSymbol]>,
): void {
  const take = (
    test: (old: CodeSymbol, current: CodeSymbol) => boolean,
    record: (old: CodeSymbol, current: CodeSymbol) => void,
  ) => {
    for (let i = 0, old = removed[0]; old !== undefined; i += 1, old = removed[i]) {
      const candidates = added.filter((current) => test(old, current));
      if (candidates.length === 0) continue;
      // the nearest, when several fit
      const best = candidates.reduce((a, b) =>
        Math.abs(b.startLine - old.startLine) < Math.abs(a.startLine - old.startLine) ? b : a,
      );
      added.splice(added.indexOf(best), 1);
      removed.splice(i, 1);
      i -= 1;
      record(old, best);
      renamedParents.set(
        qualifiedName({ name: old.name, parent: parentNow(old.parent) || undefined }),
        qualifiedName(best),
      );
    }
  };
  const sameParent = (old: CodeSymbol, current: CodeSymbol) =>
    parentNow(old.parent) === (current.parent ?? '') && old.kind === current.kind;
  const renamed = (old: CodeSymbol, current: CodeSymbol) => {
    drift.renamed.push(change(old, current));
    pairs.push([old, current]);
  };
  take(
    (old, current) =>
      sameParent(old, current) && old.bodyHash !== EMPTY_BODY && old.bodyHash === current.bodyHash,
    renamed,
  );
  take((old, current) => {
    const shape = shapeOf(old);
    return sameParent(old, current) && shape !== null && shape === shapeOf(current);
  }, renamed);
  take(
    (old, current) =>
      old.name === current.name &&
      old.kind === current.kind &&
      old.bodyHash === current.bodyHash &&
      (old.bodyHash !== EMPTY_BODY || old.signature === current.signature),
    (old, current) => drift.moved.push(change(old, current)),
  );
}

/**
 * Symbols out of their order among their siblings: the fewest that must move for the rest to keep
 * their order (the complement of a longest increasing run), so an insertion above moves nothing.
 */
function reordered(
  pairs: ReadonlyArray<[CodeSymbol, CodeSymbol]>,
  parentNow: (parent: string | undefined) => string,
): SymbolChange[] {
  const groups = new Map<string, Array<[CodeSymbol, CodeSymbol]>>();
  for (const pair of pairs) {
    const [old, current] = pair;
    if (parentNow(old.parent) !== (current.parent ?? '')) continue;
    const group = groups.get(current.parent ?? '') ?? [];
    group.push(pair);
    groups.set(current.parent ?? '', group);
  }
  const moved: SymbolChange[] = [];
  for (const group of groups.values()) {
    group.sort((a, b) => a[1].startLine - b[1].startLine);
    const kept = longestIncreasing(group.map(([old]) => old.startLine));
    group.forEach(([old, current], i) => {
      if (!kept.has(i)) moved.push(change(old, current));
    });
  }
  return moved;
}

/** Indexes of one longest strictly increasing subsequence (patience sorting, O(n log n)). */
function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  // The value at each tail, beside its index, so the search reads no index it has to look up again.
  const tailValues: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  for (const [i, value] of values.entries()) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((tailValues[mid] ?? Infinity) < value) lo = mid + 1;
      else hi = mid;
    }
    previous[i] = tails[lo - 1] ?? -1;
    tails[lo] = i;
    tailValues[lo] = value;
  }
  const kept = new Set<number>();
  for (let i = tails.at(-1) ?? -1; i >= 0; i = previous[i]!) kept.add(i);
  return kept;
}
