import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The checkers behind the structural tests of issue 9 (tests/contracts/structure.spec.ts). Each takes a
 * directory or a source text, so the same function runs on the real services and on a planted fixture.
 */

export interface SourceFile {
  service: string;
  /** Relative to the scanned root's parent, e.g. `services/memory/src/api/x.ts`. */
  file: string;
  text: string;
}

const isTest = (name: string) => /\.(spec|testing|fixture|arbitrary)\.ts$/.test(name);

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** The non-test TypeScript sources of every service under `servicesDir` (`<servicesDir>/<service>/src/**`). */
export function serviceSources(servicesDir: string): SourceFile[] {
  const base = path.dirname(servicesDir);
  return readdirSync(servicesDir)
    .filter((service) => statSync(path.join(servicesDir, service)).isDirectory())
    .flatMap((service) =>
      walk(path.join(servicesDir, service, 'src'))
        .filter((file) => file.endsWith('.ts') && !isTest(path.basename(file)))
        .map((file) => ({ service, file: path.relative(base, file), text: readFileSync(file, 'utf8') })),
    );
}

function parse(text: string, file = 'source.ts'): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
}

function visit(node: ts.Node, each: (node: ts.Node) => void): void {
  each(node);
  node.forEachChild((child) => visit(child, each));
}

// ---- (a) no service imports another service's package -------------------------------------------

/** The composition root: the one package that may know every service. */
export const COMPOSITION_ROOT = 'platform';

export interface ImportViolation {
  file: string;
  imports: string;
}

/** Every `import`/`export … from`/`import()`/`require()` of `@mnemo/<x>-service` by a service other than x (and not the composition root). */
export function foreignServiceImports(servicesDir: string): ImportViolation[] {
  return serviceSources(servicesDir)
    .filter((source) => source.service !== COMPOSITION_ROOT)
    .flatMap((source) => {
      const found: ImportViolation[] = [];
      visit(parse(source.text, source.file), (node) => {
        let specifier: ts.Expression | undefined;
        if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) specifier = node.moduleSpecifier;
        if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
          specifier = node.arguments[0];
        }
        if (!specifier || !ts.isStringLiteralLike(specifier)) return;
        const match = /^@mnemo\/(.+)-service(\/.*)?$/.exec(specifier.text);
        if (match && match[1] !== source.service) found.push({ file: source.file, imports: specifier.text });
      });
      return found;
    });
}

// ---- (b) no SQL names another service's table or checkpoint -------------------------------------

export interface Ownership {
  /** table → the service whose migrations create it */
  tables: Map<string, string>;
  /** projection (checkpoint) name → the service that defines the projection */
  checkpoints: Map<string, string>;
}

/** Every string and template literal of a source, template holes as `$x`. */
function literals(source: SourceFile): string[] {
  const found: string[] = [];
  visit(parse(source.text, source.file), (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    if (ts.isTemplateExpression(node)) found.push([node.head.text, ...node.templateSpans.map((span) => `$x${span.literal.text}`)].join(''));
  });
  return found;
}

const CREATE_TABLE = /\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(?:[a-z_][a-z0-9_]*"?\."?)?([a-z_][a-z0-9_]*)"?/g;
/** A table named after the SQL keywords that take one (our SQL writes keywords in capitals). */
const TABLE_REFERENCE = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE(?:\s+IF(?:\s+NOT)?\s+EXISTS)?|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?"?(?:[a-z_][a-z0-9_]*"?\."?)?([a-z_][a-z0-9_]*)"?/g;

/** Ownership as the code states it: who creates each table, who defines each projection. */
export function ownership(servicesDir: string): Ownership {
  const tables = new Map<string, string>();
  const checkpoints = new Map<string, string>();
  for (const source of serviceSources(servicesDir)) {
    for (const literal of literals(source)) for (const [, table] of literal.matchAll(CREATE_TABLE)) tables.set(table, source.service);
    if (source.file.endsWith('.projection.ts')) {
      // the projection object's own name: `name: '…'` at the first level of an exported object literal
      visit(parse(source.text, source.file), (node) => {
        if (!ts.isVariableDeclaration(node) || !node.initializer) return;
        const object = ts.isObjectLiteralExpression(node.initializer)
          ? node.initializer
          : ts.isSatisfiesExpression(node.initializer) || ts.isAsExpression(node.initializer)
            ? node.initializer.expression
            : ts.isCallExpression(node.initializer)
              ? node.initializer.arguments[0]
              : undefined;
        if (!object || !ts.isObjectLiteralExpression(object)) return;
        for (const property of object.properties) {
          if (ts.isPropertyAssignment(property) && property.name.getText() === 'name' && ts.isStringLiteralLike(property.initializer)) {
            checkpoints.set(property.initializer.text, source.service);
          }
        }
      });
    }
  }
  return { tables, checkpoints };
}

export interface SqlViolation {
  file: string;
  /** `table x` or `checkpoint x` */
  names: string;
  owner: string;
}

/** Every table or checkpoint of another service that a service's SQL (or checkpoint wait) names. */
export function foreignSqlNames(servicesDir: string, owners: Ownership = ownership(servicesDir)): SqlViolation[] {
  const found = new Map<string, SqlViolation>();
  const add = (source: SourceFile, kind: 'table' | 'checkpoint', name: string, owner: string | undefined) => {
    if (!owner || owner === source.service) return;
    const violation = { file: source.file, names: `${kind} ${name}`, owner };
    found.set(`${violation.file} ${violation.names}`, violation);
  };
  for (const source of serviceSources(servicesDir)) {
    for (const literal of literals(source)) {
      for (const [, table] of literal.matchAll(TABLE_REFERENCE)) add(source, 'table', table, owners.tables.get(table));
      if (/\bprojection_checkpoints\b/.test(literal)) {
        for (const [, name] of literal.matchAll(/'([^']+)'/g)) add(source, 'checkpoint', name, owners.checkpoints.get(name));
      }
    }
    // awaitCheckpoint(db, 'name', …): waiting on another service's projection reads its checkpoint
    visit(parse(source.text, source.file), (node) => {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'awaitCheckpoint') return;
      const name = node.arguments[1];
      if (name && ts.isStringLiteralLike(name)) add(source, 'checkpoint', name.text, owners.checkpoints.get(name.text));
    });
  }
  return [...found.values()].sort((a, b) => `${a.file} ${a.names}`.localeCompare(`${b.file} ${b.names}`));
}

// ---- (c) the context's egress gate refuses before it hands out a reader -------------------------

/**
 * What is wrong with an egress gate (SPEC §8), read from its source: the class `className` must have a
 * private constructor and a `static async open`, whose top level (so every path) runs an `if` on the
 * egress switch that throws ForbiddenError, before any statement that constructs the reader; nothing
 * else in the class may construct it. An empty answer means the gate holds.
 */
export function egressGateProblems(text: string, className = 'SourceReader'): string[] {
  const source = parse(text);
  const problems: string[] = [];
  let gate: ts.ClassDeclaration | undefined;
  visit(source, (node) => {
    if (ts.isClassDeclaration(node) && node.name?.text === className) gate = node;
  });
  if (!gate) return [`no class ${className}`];
  const constructors = gate.members.filter(ts.isConstructorDeclaration);
  if (constructors.length !== 1 || !constructors[0].modifiers?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)) {
    problems.push('the constructor is not private, so a reader can be made without the check');
  }
  const open = gate.members.find(
    (member): member is ts.MethodDeclaration =>
      ts.isMethodDeclaration(member) && member.name.getText() === 'open' && !!member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword),
  );
  if (!open?.body) return [...problems, 'no static open()'];

  const constructs = (node: ts.Node): boolean => {
    let found = false;
    visit(node, (n) => {
      if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === className) found = true;
    });
    return found;
  };
  const throwsForbidden = (node: ts.Node): boolean => {
    let found = false;
    visit(node, (n) => {
      if (ts.isThrowStatement(n) && n.expression && ts.isNewExpression(n.expression) && n.expression.expression.getText() === 'ForbiddenError') found = true;
    });
    return found;
  };
  const statements = [...open.body.statements];
  const refusal = statements.findIndex(
    (statement) => ts.isIfStatement(statement) && /egress/i.test(statement.expression.getText()) && throwsForbidden(statement.thenStatement) && !constructs(statement),
  );
  const firstConstruct = statements.findIndex(constructs);
  if (refusal < 0) problems.push('open() has no top-level `if (<egress switch>) throw new ForbiddenError(…)`');
  else if (firstConstruct >= 0 && firstConstruct < refusal) problems.push('open() constructs the reader before the egress refusal');
  if (firstConstruct < 0) problems.push(`open() never constructs a ${className}`);
  const elsewhere = gate.members.filter((member) => member !== open && constructs(member));
  if (elsewhere.length > 0) problems.push(`${className} is constructed outside open()`);
  return problems;
}
