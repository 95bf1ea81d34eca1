import type { Node } from 'web-tree-sitter';
import type { CodeSymbol, SymbolKind } from './snapshot-types';
import { dotted, pushSymbol, type Sink } from './symbol-sink';

/** Module-level functions, classes and assignments of a Python tree; methods and class attributes. */
export function pythonSymbols(root: Node, source: string): CodeSymbol[] {
  const sink: Sink = { source, symbols: [] };
  visit(root.namedChildren, undefined, false, sink);
  return sink.symbols;
}

function visit(nodes: readonly Node[], parent: string | undefined, inClass: boolean, sink: Sink) {
  for (const node of nodes) {
    const definition =
      node.type === 'decorated_definition' ? node.childForFieldName('definition') : node;
    if (!definition) continue;
    const name = definition.childForFieldName('name')?.text;
    const body = definition.childForFieldName('body');
    if (definition.type === 'function_definition' && name && body) {
      const kind: SymbolKind = !inClass
        ? 'function'
        : name === '__init__'
          ? 'constructor'
          : 'method';
      pushSymbol(sink, { ...span(definition, body), name, kind, parent });
    } else if (definition.type === 'class_definition' && name && body) {
      pushSymbol(sink, { ...span(definition, body), name, kind: 'class', parent });
      visit(body.namedChildren, dotted(parent, name), true, sink);
    } else if (definition.type === 'expression_statement') {
      assignment(definition, parent, inClass, sink);
    }
  }
}

const span = (definition: Node, body: Node) => ({
  first: definition,
  last: definition,
  headerEnd: body.startIndex,
  bodyText: body.text,
  trailing: /:$/,
});

function assignment(statement: Node, parent: string | undefined, inClass: boolean, sink: Sink) {
  const assigned = statement.namedChildren[0];
  const left = assigned?.type === 'assignment' ? assigned.childForFieldName('left') : null;
  if (!assigned || left?.type !== 'identifier') return;
  const right = assigned.childForFieldName('right');
  const literal = right && right.text.length <= 120 && !right.text.includes('\n');
  pushSymbol(sink, {
    name: left.text,
    kind: inClass ? 'property' : 'variable',
    parent,
    first: statement,
    last: statement,
    headerEnd: right && !literal ? right.startIndex : statement.endIndex,
    bodyText: right?.text ?? '',
  });
}
