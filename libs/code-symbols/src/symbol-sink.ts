import type { Node } from 'web-tree-sitter';
import type { CodeSymbol, SymbolKind } from './snapshot-types';
import { signatureOf, textHash } from './symbol-text';

/** Where a walker puts the symbols it finds, with the source their headers are cut from. */
export interface Sink {
  source: string;
  symbols: CodeSymbol[];
}

export interface SymbolSpan {
  name: string;
  kind: SymbolKind;
  parent: string | undefined;
  /** The first token of the declaration, and the node it ends with. */
  first: Node;
  last: Node;
  /** Where the header a caller sees ends (the body's start, or the declaration's end). */
  headerEnd: number;
  bodyText: string;
  /** Cut from the header's end (Python's `:`). */
  trailing?: RegExp;
}

export function pushSymbol(sink: Sink, span: SymbolSpan): void {
  const header = sink.source.slice(span.first.startIndex, span.headerEnd);
  sink.symbols.push({
    name: span.name,
    kind: span.kind,
    ...(span.parent ? { parent: span.parent } : {}),
    signature: signatureOf(span.trailing ? header.trimEnd().replace(span.trailing, '') : header),
    startLine: span.first.startPosition.row + 1,
    endLine: span.last.endPosition.row + 1,
    bodyHash: textHash(span.bodyText),
  });
}

export const dotted = (parent: string | undefined, name: string) =>
  parent ? `${parent}.${name}` : name;
