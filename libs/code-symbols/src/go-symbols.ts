import type { Node } from 'web-tree-sitter';
import type { CodeSymbol, SymbolKind } from './snapshot-types';
import { pushSymbol, type Sink } from './symbol-sink';

/** Functions, methods (under their receiver's type), types with their fields and methods, constants and variables of a Go tree. */
export function goSymbols(root: Node, source: string): CodeSymbol[] {
  const sink: Sink = { source, symbols: [] };
  for (const node of root.namedChildren) {
    const name = node.childForFieldName('name')?.text;
    const body = node.childForFieldName('body');
    if (node.type === 'function_declaration' && name)
      pushSymbol(sink, { ...bodied(node, body), name, kind: 'function', parent: undefined });
    else if (node.type === 'method_declaration' && name)
      pushSymbol(sink, { ...bodied(node, body), name, kind: 'method', parent: receiverType(node) });
    else if (node.type === 'type_declaration')
      for (const spec of node.namedChildren) typeSpec(spec, sink);
    else if (node.type === 'const_declaration' || node.type === 'var_declaration')
      for (const spec of node.namedChildren) valueSpec(spec, node.type, sink);
  }
  return sink.symbols;
}

const bodied = (node: Node, body: Node | null) => ({
  first: node,
  last: node,
  headerEnd: body ? body.startIndex : node.endIndex,
  bodyText: body?.text ?? '',
});

/** `func (s *Server[T]) Name()`: the receiver's type name, without pointer or type arguments. */
function receiverType(method: Node): string | undefined {
  const receiver = method.childForFieldName('receiver');
  const type = receiver?.namedChildren[0]?.childForFieldName('type');
  return type?.text.replace(/^\*/, '').replace(/\[.*$/, '') || undefined;
}

const TYPE_KIND: Record<string, SymbolKind> = { struct_type: 'class', interface_type: 'interface' };

/** Where `struct {` or `interface {` opens its members. */
const openingOf = (type: Node): number =>
  (type.children.find((c) => c.type === '{' || c.type === 'field_declaration_list') ?? type)
    .startIndex;

function typeSpec(spec: Node, sink: Sink) {
  const name = spec.childForFieldName('name')?.text;
  const type = spec.childForFieldName('type');
  if (!name || !type || (spec.type !== 'type_spec' && spec.type !== 'type_alias')) return;
  const kind = TYPE_KIND[type.type] ?? 'type';
  const members = kind === 'type' ? null : type;
  pushSymbol(sink, {
    name,
    kind,
    parent: undefined,
    first: spec,
    last: spec,
    headerEnd: members ? openingOf(members) : spec.endIndex,
    bodyText: type.text,
  });
  for (const list of members?.namedChildren ?? []) {
    const fields = list.type === 'field_declaration_list' ? list.namedChildren : [list];
    for (const field of fields) {
      const fieldName = field.childForFieldName('name')?.text;
      if (!fieldName) continue;
      const fieldKind: SymbolKind = field.type === 'field_declaration' ? 'property' : 'method';
      pushSymbol(sink, { ...bodied(field, null), name: fieldName, kind: fieldKind, parent: name });
    }
  }
}

function valueSpec(spec: Node, declaration: string, sink: Sink) {
  if (spec.type !== 'const_spec' && spec.type !== 'var_spec') return;
  const value = spec.childForFieldName('value');
  for (const name of spec.childrenForFieldName('name')) {
    pushSymbol(sink, {
      name: name.text,
      kind: 'variable',
      parent: undefined,
      first: spec,
      last: spec,
      headerEnd: spec.endIndex,
      bodyText: `${declaration} ${value?.text ?? ''}`,
    });
  }
}
