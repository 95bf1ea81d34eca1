/** One node an agent confirmed in this conversation (docs/coding-memory.md). */
export interface VisitedNode {
  ledgerId?: string;
  path?: string;
  startLine?: number;
  endLine?: number;
  symbol?: string;
  /** The symbol's body hash when it was verified: a different one now means the citation is stale. */
  bodyHash?: string;
  note?: string;
  verifiedAt: string;
}

export type VisitedMark = Omit<VisitedNode, 'verifiedAt'>;

/** Identity is the ledger id when given, else the location (path and line span). */
export const visitedKey = (node: VisitedMark): string =>
  node.ledgerId !== undefined
    ? `id:${node.ledgerId}`
    : `loc:${node.path}|${node.startLine ?? ''}|${node.endLine ?? ''}`;

/**
 * Records a mark: idempotent on identity, a re-mark refreshes its time (and takes the new symbol and
 * note); the ledger keeps the `max` most recently verified nodes.
 */
export function markVisited(
  ledger: readonly VisitedNode[],
  mark: VisitedMark,
  now: string,
  max: number,
): { ledger: VisitedNode[]; node: VisitedNode } {
  const key = visitedKey(mark);
  const previous = ledger.find((node) => visitedKey(node) === key);
  const node: VisitedNode = { ...previous, ...mark, verifiedAt: now };
  const rest = ledger.filter((n) => visitedKey(n) !== key);
  return { ledger: newestFirst([node, ...rest]).slice(0, max), node };
}

/** Newest first, optionally only nodes whose id, path, symbol or note holds `filter` (any case). */
export function recallVisited(ledger: readonly VisitedNode[], filter?: string): VisitedNode[] {
  const needle = filter?.trim().toLowerCase();
  const matches = (node: VisitedNode) =>
    !needle ||
    [node.ledgerId, node.path, node.symbol, node.note].some((field) =>
      field?.toLowerCase().includes(needle),
    );
  return newestFirst(ledger.filter(matches));
}

const newestFirst = (nodes: VisitedNode[]): VisitedNode[] =>
  [...nodes].sort((a, b) => b.verifiedAt.localeCompare(a.verifiedAt));

/** How an agent cites a node instead of pasting it again: `path:L10-L42` or its ledger id. */
export const citation = (node: VisitedMark): string =>
  node.ledgerId ??
  `${node.path}${node.startLine !== undefined ? `:L${node.startLine}${node.endLine !== undefined ? `-L${node.endLine}` : ''}` : ''}`;
