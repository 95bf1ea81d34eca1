import ts from 'typescript';
import type { CodeSymbol, SymbolKind } from '@mnemo/contracts';
import { isShortLiteralText, signatureOf, textHash } from '@mnemo/code-symbols';

/**
 * The TypeScript compiler's reading of a file's symbols, by the rules docs/code-symbols.md sets out:
 * the oracle the tree-sitter extraction is compared against in specs and in `npm run bench:drift`.
 */
export function typescriptSymbols(fileName: string, text: string): CodeSymbol[] {
  const js = /\.[mc]?jsx?$/.test(fileName);
  const kind = fileName.endsWith('x')
    ? js
      ? ts.ScriptKind.JSX
      : ts.ScriptKind.TSX
    : js
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const out: CodeSymbol[] = [];
  visitStatements(file, file.statements, undefined, out);
  return out;
}

const line = (file: ts.SourceFile, pos: number) => file.getLineAndCharacterOfPosition(pos).line + 1;
const dotted = (parent: string | undefined, name: string) => (parent ? `${parent}.${name}` : name);

const scanner = ts.createScanner(ts.ScriptTarget.Latest, true);

/** After the decorators: the first modifier or keyword. */
function startOf(node: ts.Node, file: ts.SourceFile): number {
  const decorators = ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined;
  const last = decorators?.at(-1);
  if (!last) return node.getStart(file);
  scanner.setText(file.text);
  scanner.setTextPos(last.end);
  scanner.scan();
  return scanner.getTokenStart();
}

interface Found {
  name: string;
  kind: SymbolKind;
  parent: string | undefined;
  node: ts.Node;
  /** Where the header ends; undefined: at the node's end. */
  headerEnd?: number;
  bodyText: string;
}

function emit(file: ts.SourceFile, found: Found, out: CodeSymbol[]) {
  const start = startOf(found.node, file);
  out.push({
    name: found.name,
    kind: found.kind,
    ...(found.parent ? { parent: found.parent } : {}),
    signature: signatureOf(file.text.slice(start, found.headerEnd ?? found.node.end)),
    startLine: line(file, start),
    endLine: line(file, found.node.end),
    bodyHash: textHash(found.bodyText),
  });
}

const textOf = (file: ts.SourceFile, node: ts.Node | undefined) =>
  node ? file.text.slice(node.getStart(file), node.end) : '';
/** From a members list's `{` to the node's end. */
const bracedFrom = (file: ts.SourceFile, node: ts.Node, members: ts.NodeArray<ts.Node>) =>
  file.text.slice(members.pos - 1, node.end);

function visitStatements(
  file: ts.SourceFile,
  statements: readonly ts.Statement[],
  parent: string | undefined,
  out: CodeSymbol[],
) {
  for (const node of statements) {
    if (ts.isFunctionDeclaration(node)) {
      emit(
        file,
        {
          name: node.name?.text ?? 'default',
          kind: 'function',
          parent,
          node,
          headerEnd: node.body?.getStart(file),
          bodyText: textOf(file, node.body),
        },
        out,
      );
    } else if (ts.isClassDeclaration(node)) {
      const name = node.name?.text ?? 'default';
      const body = bracedFrom(file, node, node.members);
      emit(
        file,
        { name, kind: 'class', parent, node, headerEnd: node.members.pos - 1, bodyText: body },
        out,
      );
      visitMembers(file, node.members, dotted(parent, name), out);
    } else if (ts.isInterfaceDeclaration(node)) {
      const name = node.name.text;
      const body = bracedFrom(file, node, node.members);
      emit(
        file,
        { name, kind: 'interface', parent, node, headerEnd: node.members.pos - 1, bodyText: body },
        out,
      );
      visitMembers(file, node.members, dotted(parent, name), out);
    } else if (ts.isTypeAliasDeclaration(node)) {
      emit(
        file,
        { name: node.name.text, kind: 'type', parent, node, bodyText: textOf(file, node.type) },
        out,
      );
    } else if (ts.isEnumDeclaration(node)) {
      emit(
        file,
        {
          name: node.name.text,
          kind: 'enum',
          parent,
          node,
          headerEnd: node.members.pos - 1,
          bodyText: bracedFrom(file, node, node.members),
        },
        out,
      );
    } else if (ts.isModuleDeclaration(node)) {
      visitModule(file, node, parent, out);
    } else if (ts.isVariableStatement(node)) {
      const declarations = node.declarationList.declarations;
      for (const declaration of declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        valued(
          file,
          declarations.length === 1 ? node : declaration,
          declaration,
          declaration.name.text,
          'variable',
          parent,
          out,
        );
      }
    }
  }
}

/** `namespace A.B {}` is one symbol named `A.B`, as tree-sitter reads it. */
function visitModule(
  file: ts.SourceFile,
  node: ts.ModuleDeclaration,
  parent: string | undefined,
  out: CodeSymbol[],
) {
  let name = node.name.text;
  let body = node.body;
  if (ts.isStringLiteral(node.name)) name = node.name.getText(file);
  while (body && ts.isModuleDeclaration(body)) {
    name = `${name}.${body.name.text}`;
    body = body.body;
  }
  const headerEnd = body ? body.getStart(file) : undefined;
  emit(
    file,
    { name, kind: 'namespace', parent, node, headerEnd, bodyText: textOf(file, body) },
    out,
  );
  if (body && ts.isModuleBlock(body))
    visitStatements(file, body.statements, dotted(parent, name), out);
}

function visitMembers(
  file: ts.SourceFile,
  members: ts.NodeArray<ts.Node>,
  parent: string,
  out: CodeSymbol[],
) {
  for (const member of members) {
    if (ts.isConstructorDeclaration(member)) {
      emit(
        file,
        {
          name: 'constructor',
          kind: 'constructor',
          parent,
          node: member,
          headerEnd: member.body?.getStart(file),
          bodyText: textOf(file, member.body),
        },
        out,
      );
      continue;
    }
    const name = (member as { name?: ts.PropertyName }).name;
    if (!name) continue;
    const text = name.getText(file);
    if (ts.isMethodDeclaration(member) || ts.isGetAccessor(member) || ts.isSetAccessor(member)) {
      const kind: SymbolKind = ts.isGetAccessor(member)
        ? 'getter'
        : ts.isSetAccessor(member)
          ? 'setter'
          : 'method';
      emit(
        file,
        {
          name: text,
          kind,
          parent,
          node: member,
          headerEnd: member.body?.getStart(file),
          bodyText: textOf(file, member.body),
        },
        out,
      );
    } else if (ts.isMethodSignature(member)) {
      emit(file, { name: text, kind: 'method', parent, node: member, bodyText: '' }, out);
    } else if (ts.isPropertyDeclaration(member) || ts.isPropertySignature(member)) {
      valued(file, member, member, text, 'property', parent, out);
    }
  }
}

const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.RegularExpressionLiteral,
]);

function valued(
  file: ts.SourceFile,
  node: ts.Node,
  declaration: ts.VariableDeclaration | ts.PropertyDeclaration | ts.PropertySignature,
  name: string,
  kind: SymbolKind,
  parent: string | undefined,
  out: CodeSymbol[],
) {
  const value = (declaration as { initializer?: ts.Expression }).initializer;
  if (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value))) {
    emit(
      file,
      {
        name,
        kind: kind === 'variable' ? 'function' : kind,
        parent,
        node,
        headerEnd: value.body.getStart(file),
        bodyText: textOf(file, value.body),
      },
      out,
    );
    return;
  }
  if (!value || (LITERALS.has(value.kind) && isShortLiteralText(textOf(file, value)))) {
    emit(file, { name, kind, parent, node, bodyText: textOf(file, value) }, out);
    return;
  }
  emit(
    file,
    { name, kind, parent, node, headerEnd: value.getStart(file), bodyText: textOf(file, value) },
    out,
  );
}
