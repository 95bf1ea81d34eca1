import type { Node } from 'web-tree-sitter';
import type { CodeSymbol, SymbolKind } from './snapshot-types';
import { dotted, pushSymbol, type Sink } from './symbol-sink';
import { isShortLiteralText } from './symbol-text';

/**
 * The declarations of a TypeScript or JavaScript syntax tree, by the rules docs/code-symbols.md sets
 * out: module-level declarations, namespace members, class and interface members; never locals.
 */
export function ecmascriptSymbols(root: Node, source: string): CodeSymbol[] {
  const out: Sink = { source, symbols: [] };
  visitStatements(root.namedChildren, undefined, out);
  return out.symbols;
}

const LITERALS = new Set(['string', 'number', 'true', 'false', 'null', 'regex']);
const FUNCTION_VALUES = new Set([
  'arrow_function',
  'function_expression',
  'function',
  'generator_function',
]);

const isLiteral = (value: Node): boolean =>
  (LITERALS.has(value.type) ||
    (value.type === 'template_string' &&
      !value.namedChildren.some((c) => c.type === 'template_substitution'))) &&
  isShortLiteralText(value.text);

/** Where a declaration starts: its first token that is not a decorator or a comment (`export`, `declare` included). */
function startOf(node: Node): Node {
  return node.children.find((c) => c.type !== 'decorator' && c.type !== 'comment') ?? node;
}

interface Found {
  name: string;
  kind: SymbolKind;
  parent: string | undefined;
  /** The node the range starts at (a wrapping `export` or `declare` statement, or the declaration). */
  outer: Node;
  /** Where the header ends; null: the whole declaration is its header. */
  body: Node | null;
  /** The text hashed as the body (defaults to the body's). */
  bodyText?: string;
}

function emit(found: Found, out: Sink): void {
  pushSymbol(out, {
    name: found.name,
    kind: found.kind,
    parent: found.parent,
    first: startOf(found.outer),
    last: found.outer,
    headerEnd: found.body ? found.body.startIndex : found.outer.endIndex,
    bodyText: found.bodyText ?? found.body?.text ?? '',
  });
}

function visitStatements(nodes: readonly Node[], parent: string | undefined, out: Sink) {
  for (const node of nodes) visitStatement(node, node, parent, out);
}

function visitStatement(node: Node, outer: Node, parent: string | undefined, out: Sink) {
  const name = node.childForFieldName('name')?.text;
  switch (node.type) {
    case 'export_statement': {
      const declaration = node.childForFieldName('declaration');
      if (declaration) return visitStatement(declaration, outer, parent, out);
      return exportDefault(node, parent, out);
    }
    case 'ambient_declaration':
    case 'expression_statement': {
      const inner = node.namedChildren.find((c) => c.type !== 'comment');
      if (inner && (node.type === 'ambient_declaration' || inner.type === 'internal_module'))
        visitStatement(inner, outer, parent, out);
      return;
    }
    case 'function_declaration':
    case 'generator_function_declaration':
    case 'function_signature':
      if (name) emitFunctionLike(node, outer, name, 'function', parent, out);
      return;
    case 'class_declaration':
    case 'abstract_class_declaration':
    case 'class':
      return visitClass(node, outer, name ?? 'default', parent, out);
    case 'interface_declaration':
      if (!name) return;
      emit({ name, kind: 'interface', parent, outer, body: node.childForFieldName('body') }, out);
      return visitMembers(node.childForFieldName('body'), dotted(parent, name), out);
    case 'type_alias_declaration':
      if (!name) return;
      return emit(
        {
          name,
          kind: 'type',
          parent,
          outer,
          body: null,
          bodyText: node.childForFieldName('value')?.text ?? '',
        },
        out,
      );
    case 'enum_declaration':
      if (name)
        emit({ name, kind: 'enum', parent, outer, body: node.childForFieldName('body') }, out);
      return;
    case 'internal_module':
    case 'module': {
      if (!name) return;
      const body = node.childForFieldName('body');
      emit({ name, kind: 'namespace', parent, outer, body }, out);
      if (body) visitStatements(body.namedChildren, dotted(parent, name), out);
      return;
    }
    case 'lexical_declaration':
    case 'variable_declaration':
      return visitVariables(node, outer, parent, out);
    default:
      return;
  }
}

/** `export default function () {}` and `export default class {}`: named `default`, as the compiler names them. */
function exportDefault(node: Node, parent: string | undefined, out: Sink) {
  const value = node.childForFieldName('value');
  if (!value) return;
  if (value.type === 'class') return visitClass(value, node, 'default', parent, out);
  if (value.type === 'function_expression' || value.type === 'generator_function')
    emitFunctionLike(
      value,
      node,
      value.childForFieldName('name')?.text ?? 'default',
      'function',
      parent,
      out,
    );
}

function emitFunctionLike(
  node: Node,
  outer: Node,
  name: string,
  kind: SymbolKind,
  parent: string | undefined,
  out: Sink,
) {
  emit({ name, kind, parent, outer, body: node.childForFieldName('body') }, out);
}

function visitClass(node: Node, outer: Node, name: string, parent: string | undefined, out: Sink) {
  const body = node.childForFieldName('body');
  emit({ name, kind: 'class', parent, outer, body }, out);
  visitMembers(body, dotted(parent, name), out);
}

const ACCESSOR: Record<string, SymbolKind> = { get: 'getter', set: 'setter' };

/** Class and interface members: methods, accessors, the constructor, properties. */
function visitMembers(body: Node | null, parent: string, out: Sink) {
  for (const member of body?.namedChildren ?? []) {
    const name = (member.childForFieldName('name') ?? member.childForFieldName('property'))?.text;
    if (!name) continue;
    switch (member.type) {
      case 'method_definition':
      case 'method_signature':
      case 'abstract_method_signature': {
        const accessor = member.children.find((c) => c.type === 'get' || c.type === 'set');
        const kind: SymbolKind =
          name === 'constructor' && member.parent?.type === 'class_body'
            ? 'constructor'
            : accessor
              ? (ACCESSOR[accessor.type] ?? 'method')
              : 'method';
        emitFunctionLike(member, member, name, kind, parent, out);
        break;
      }
      case 'public_field_definition':
      case 'field_definition':
      case 'property_signature':
        emitValued(member, member, name, 'property', parent, out);
        break;
      default:
        break;
    }
  }
}

/**
 * A variable or property: a function value makes it a function (its header runs to the function's
 * body); a short literal is its default, part of the header; any other value is its body.
 */
function emitValued(
  node: Node,
  outer: Node,
  name: string,
  kind: SymbolKind,
  parent: string | undefined,
  out: Sink,
) {
  const value = node.childForFieldName('value');
  if (value && FUNCTION_VALUES.has(value.type)) {
    const asFunction: SymbolKind = kind === 'variable' ? 'function' : kind;
    return emit(
      { name, kind: asFunction, parent, outer, body: value.childForFieldName('body') },
      out,
    );
  }
  if (!value || isLiteral(value))
    return emit({ name, kind, parent, outer, body: null, bodyText: value?.text ?? '' }, out);
  emit({ name, kind, parent, outer, body: value }, out);
}

function visitVariables(node: Node, outer: Node, parent: string | undefined, out: Sink) {
  const declarators = node.namedChildren.filter((c) => c.type === 'variable_declarator');
  for (const declarator of declarators) {
    const name = declarator.childForFieldName('name');
    if (name?.type !== 'identifier') continue;
    // one declarator: the statement is the symbol (from `export`/`const` to `;`); several: each its own
    emitValued(
      declarator,
      declarators.length === 1 ? outer : declarator,
      name.text,
      'variable',
      parent,
      out,
    );
  }
}
