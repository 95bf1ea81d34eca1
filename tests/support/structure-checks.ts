import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The checkers behind the structural tests (tests/contracts/structure.spec.ts). Each takes the
 * `services` folder of a tree (its `libs` folder is the sibling), or a source text, so the same
 * function runs on the real tree and on a planted fixture.
 */

export interface SourceFile {
  /** The package: a service's folder name (`memory`), or `libs/<name>` for a lib. */
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

/** The non-test TypeScript sources under `<packagesDir>/<package>/src/**` and the package's doors beside src, each named by `nameOf(package)`. */
function sourcesUnder(packagesDir: string, nameOf: (pkg: string) => string): SourceFile[] {
  if (!existsSync(packagesDir)) return [];
  const base = path.dirname(packagesDir);
  return readdirSync(packagesDir)
    .filter((pkg) => statSync(path.join(packagesDir, pkg)).isDirectory())
    .flatMap((pkg) =>
      [
        ...walk(path.join(packagesDir, pkg, 'src')),
        // a package's second doors (`services/context/digest.ts`, `libs/llm/pure.ts`)
        ...readdirSync(path.join(packagesDir, pkg)).map((name) =>
          path.join(packagesDir, pkg, name),
        ),
      ]
        .filter(
          (file) => file.endsWith('.ts') && !isTest(path.basename(file)) && statSync(file).isFile(),
        )
        .map((file) => ({
          service: nameOf(pkg),
          file: path.relative(base, file),
          text: readFileSync(file, 'utf8'),
        })),
    );
}

/** The non-test TypeScript sources of every service under `servicesDir` (`<servicesDir>/<service>/src/**`). */
export function serviceSources(servicesDir: string): SourceFile[] {
  return sourcesUnder(servicesDir, (service) => service);
}

/** The sources of every service and of every lib in the sibling `libs` folder (`libs/<name>` as package). */
export function packageSources(servicesDir: string): SourceFile[] {
  return [
    ...serviceSources(servicesDir),
    ...sourcesUnder(path.join(path.dirname(servicesDir), 'libs'), (lib) => `libs/${lib}`),
  ];
}

const isLib = (pkg: string) => pkg.startsWith('libs/');
/** The folder a package's files live in, relative to the root: `services/memory/`, `libs/llm/`. */
const packageFolder = (pkg: string) => (isLib(pkg) ? `${pkg}/` : `services/${pkg}/`);

function parse(text: string, file = 'source.ts'): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
}

function visit(node: ts.Node, each: (node: ts.Node) => void): void {
  each(node);
  node.forEachChild((child) => visit(child, each));
}

// ---- the module graph: what each file loads, resolved to a file of the tree or a module name ------

interface Load {
  specifier: string;
  /** Erased at compile time (`import type`, `export type`, or only `type` names): loads nothing at run time. */
  typeOnly: boolean;
  /** A file of the tree, relative to the root; absent for a package outside it or a path that leaves src. */
  file?: string;
}

interface Tree {
  base: string;
  sources: SourceFile[];
  byFile: Map<string, SourceFile>;
  parsed: (source: SourceFile) => ts.SourceFile;
}

const trees = new Map<string, Tree>();

/** Every source of the tree under `servicesDir`, read and parsed once per run. */
function treeOf(servicesDir: string): Tree {
  const known = trees.get(servicesDir);
  if (known) return known;
  const sources = packageSources(servicesDir);
  const parsedFiles = new Map<string, ts.SourceFile>();
  const tree: Tree = {
    base: path.dirname(servicesDir),
    sources,
    byFile: new Map(sources.map((source) => [source.file, source])),
    parsed: (source) => {
      let parsed = parsedFiles.get(source.file);
      if (!parsed) parsedFiles.set(source.file, (parsed = parse(source.text, source.file)));
      return parsed;
    },
  };
  trees.set(servicesDir, tree);
  return tree;
}

/** A specifier as the tree resolves it: a relative path, `@mnemo/<lib>` or `@mnemo/<x>-service` (their doors). */
function resolve(tree: Tree, from: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith('.')) {
    target = path.relative(
      tree.base,
      path.resolve(tree.base, path.dirname(from), specifier.replace(/\.js$/, '')),
    );
  } else {
    const door = /^@mnemo\/([a-z0-9-]+)(?:\/(.+))?$/.exec(specifier);
    if (!door) return undefined;
    const name = door[1] ?? '';
    const service = /^(.+)-service$/.exec(name)?.[1];
    const folder = service ? `services/${service}` : `libs/${name}`;
    target = door[2] ? `${folder}/${door[2]}` : `${folder}/src/index`;
  }
  return [target, `${target}.ts`, path.join(target, 'index.ts')].find((candidate) =>
    tree.byFile.has(candidate),
  );
}

const onlyTypes = (elements: readonly { isTypeOnly: boolean }[]) =>
  elements.length > 0 && elements.every((element) => element.isTypeOnly);

/** Every `import`, `export … from`, `import()` and `require()` of a file. */
function loadsOf(tree: Tree, source: SourceFile): Load[] {
  const loads: Load[] = [];
  visit(tree.parsed(source), (node) => {
    let specifier: ts.Expression | undefined;
    let typeOnly = false;
    if (ts.isImportDeclaration(node)) {
      specifier = node.moduleSpecifier;
      const clause = node.importClause;
      typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            onlyTypes(clause.namedBindings.elements)));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      specifier = node.moduleSpecifier;
      typeOnly =
        node.isTypeOnly ||
        (!!node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          onlyTypes(node.exportClause.elements));
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      specifier = node.arguments[0];
    }
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    loads.push({
      specifier: specifier.text,
      typeOnly,
      file: resolve(tree, source.file, specifier.text),
    });
  });
  return loads;
}

// ---- (a) no package reaches into another service ---------------------------------------------------

/** The composition root: the one package that may know every service. */
export const COMPOSITION_ROOT = 'platform';

export interface ImportViolation {
  file: string;
  imports: string;
}

/**
 * Every load (`import`, `export … from`, `import()`, `require()`) that crosses out of its package the
 * wrong way: `@mnemo/<x>-service` from a service other than x (the composition root excepted) or from
 * a lib, and any relative path that leaves the package's own folder (`../../../memory/src/…`,
 * `../../../../libs/llm/src/…`): another package is reached through its door only.
 */
export function foreignServiceImports(servicesDir: string): ImportViolation[] {
  const tree = treeOf(servicesDir);
  return tree.sources
    .filter((source) => source.service !== COMPOSITION_ROOT)
    .flatMap((source) =>
      loadsOf(tree, source)
        .filter((load) => {
          const service = /^@mnemo\/(.+)-service(\/.*)?$/.exec(load.specifier);
          if (service) return service[1] !== source.service;
          if (!load.specifier.startsWith('.')) return false;
          const target = path.relative(
            tree.base,
            path.resolve(tree.base, path.dirname(source.file), load.specifier),
          );
          return !target.startsWith(packageFolder(source.service));
        })
        .map((load) => ({ file: source.file, imports: load.specifier })),
    );
}

// ---- (b) no SQL names another service's table or checkpoint -------------------------------------

export interface Ownership {
  /** table → the package whose migrations create it (`libs/<name>` for a lib's shared table) */
  tables: Map<string, string>;
  /** projection (checkpoint) name → the package that defines the projection */
  checkpoints: Map<string, string>;
}

/** The value of a string expression where the source states it: literals, `+`, template holes and `const`s. */
function staticText(
  tree: Tree,
  source: SourceFile,
  node: ts.Expression,
  depth = 0,
): string | undefined {
  if (depth > 8) return undefined;
  const text = (inner: ts.Expression) => staticText(tree, source, inner, depth + 1);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [
      node.head.text,
      ...node.templateSpans.map((span) => `${text(span.expression) ?? '$x'}${span.literal.text}`),
    ].join('');
  if (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node)
  )
    return text(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const [left, right] = [text(node.left), text(node.right)];
    return left === undefined && right === undefined
      ? undefined
      : `${left ?? '$x'}${right ?? '$x'}`;
  }
  if (ts.isIdentifier(node)) {
    const value = constantOf(tree, source, node.text);
    return value ? staticText(tree, value.source, value.node, depth + 1) : undefined;
  }
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
    const value = constantOf(tree, source, node.expression.text);
    if (!value) return undefined;
    let object = value.node;
    while (
      ts.isAsExpression(object) ||
      ts.isSatisfiesExpression(object) ||
      ts.isParenthesizedExpression(object)
    )
      object = object.expression;
    if (!ts.isObjectLiteralExpression(object)) return undefined;
    const property = object.properties.find(
      (p): p is ts.PropertyAssignment =>
        ts.isPropertyAssignment(p) && p.name.getText() === node.name.text,
    );
    return property ? staticText(tree, value.source, property.initializer, depth + 1) : undefined;
  }
  return undefined;
}

/** The initializer of `const name = …` in a file, or of the `const` it imports under that name. */
function constantOf(
  tree: Tree,
  source: SourceFile,
  name: string,
  depth = 0,
): { source: SourceFile; node: ts.Expression } | undefined {
  if (depth > 4) return undefined;
  const parsed = tree.parsed(source);
  let found: { source: SourceFile; node: ts.Expression } | undefined;
  visit(parsed, (node) => {
    if (
      !found &&
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === name &&
      node.initializer &&
      ts.isVariableDeclarationList(node.parent) &&
      node.parent.flags & ts.NodeFlags.Const
    )
      found = { source, node: node.initializer };
  });
  if (found) return found;
  for (const statement of parsed.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteralLike(statement.moduleSpecifier))
      continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const element = bindings.elements.find((e) => e.name.text === name);
    const file = element && resolve(tree, source.file, statement.moduleSpecifier.text);
    const from = file && tree.byFile.get(file);
    if (element && from)
      return constantOf(tree, from, (element.propertyName ?? element.name).text, depth + 1);
  }
  return undefined;
}

/** Every string a source writes, as far as the source states it: literals, templates and `+` chains, holes as `$x`. */
function literals(tree: Tree, source: SourceFile): string[] {
  const found: string[] = [];
  const isPlus = (node: ts.Node) =>
    ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken;
  visit(tree.parsed(source), (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    if (ts.isTemplateExpression(node) || (isPlus(node) && !isPlus(node.parent))) {
      const text = staticText(tree, source, node as ts.Expression);
      if (text !== undefined) found.push(text);
    }
  });
  return found;
}

const CREATE_TABLE =
  /\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(?:[a-z_][a-z0-9_]*"?\."?)?([a-z_][a-z0-9_]*)"?/gi;
/** A table named after the SQL keywords that take one, in any case. */
const TABLE_REFERENCE =
  /\b(?:FROM|JOIN|INTO|UPDATE|TABLE(?:\s+IF(?:\s+NOT)?\s+EXISTS)?|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?"?(?:[a-z_][a-z0-9_]*"?\."?)?([a-z_][a-z0-9_]*)"?/gi;

/** A statement's shape in any case, so `from sessions` in a sentence is not read as SQL. */
const SQL_STATEMENT =
  /\b(select\b[\s\S]*\bfrom|insert\s+into|update\s+\S+\s+set|delete\s+from|create\s+table|truncate)\b/i;

/**
 * The tables a string names after a keyword: a keyword in capitals is SQL wherever it stands; one in
 * lower or mixed case only inside a string shaped like a statement.
 */
function sqlTables(literal: string): string[] {
  const statement = SQL_STATEMENT.test(literal);
  return [...literal.matchAll(TABLE_REFERENCE)]
    .filter(([match]) => statement || /^[A-Z]+\b/.test(match))
    .flatMap(([, table]) => table?.toLowerCase() ?? []);
}

/** Ownership as the code states it: who creates each table, who defines each projection. */
export function ownership(servicesDir: string): Ownership {
  const tree = treeOf(servicesDir);
  const tables = new Map<string, string>();
  const checkpoints = new Map<string, string>();
  for (const source of tree.sources) {
    for (const literal of literals(tree, source))
      for (const [, table] of literal.matchAll(CREATE_TABLE))
        if (table) tables.set(table.toLowerCase(), source.service);
    if (source.file.endsWith('.projection.ts')) {
      // the projection object's own name: `name: '…'` at the first level of an exported object literal
      visit(tree.parsed(source), (node) => {
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
          if (
            ts.isPropertyAssignment(property) &&
            property.name.getText() === 'name' &&
            ts.isStringLiteralLike(property.initializer)
          ) {
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

/**
 * Every table or checkpoint of a service that the SQL (or a checkpoint wait) of another service or of a
 * lib names. A lib's own tables (the event log's, the checkpoints) are shared plumbing, open to all.
 */
export function foreignSqlNames(
  servicesDir: string,
  owners: Ownership = ownership(servicesDir),
): SqlViolation[] {
  const tree = treeOf(servicesDir);
  const found = new Map<string, SqlViolation>();
  const add = (
    source: SourceFile,
    kind: 'table' | 'checkpoint',
    name: string,
    owner: string | undefined,
  ) => {
    if (!owner || owner === source.service || isLib(owner)) return;
    const violation = { file: source.file, names: `${kind} ${name}`, owner };
    found.set(`${violation.file} ${violation.names}`, violation);
  };
  for (const source of tree.sources) {
    for (const literal of literals(tree, source)) {
      for (const table of sqlTables(literal)) add(source, 'table', table, owners.tables.get(table));
      if (/\bprojection_checkpoints\b/i.test(literal)) {
        for (const [, name = ''] of literal.matchAll(/'([^']+)'/g))
          add(source, 'checkpoint', name, owners.checkpoints.get(name));
      }
    }
    // awaitCheckpoint(db, 'name', …): waiting on another service's projection reads its checkpoint
    visit(tree.parsed(source), (node) => {
      if (
        !ts.isCallExpression(node) ||
        !ts.isIdentifier(node.expression) ||
        node.expression.text !== 'awaitCheckpoint'
      )
        return;
      const name = node.arguments[1] && staticText(tree, source, node.arguments[1]);
      if (name !== undefined) add(source, 'checkpoint', name, owners.checkpoints.get(name));
    });
  }
  return [...found.values()].sort((a, b) =>
    `${a.file} ${a.names}`.localeCompare(`${b.file} ${b.names}`),
  );
}

// ---- (c) the context's egress gate refuses before it hands out a reader -------------------------

/**
 * What is wrong with an egress gate (docs/context.md), read from its source: the class `className` must have a
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
  const [only] = constructors;
  if (
    constructors.length !== 1 ||
    !only?.modifiers?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)
  ) {
    problems.push('the constructor is not private, so a reader can be made without the check');
  }
  const open = gate.members.find(
    (member): member is ts.MethodDeclaration =>
      ts.isMethodDeclaration(member) &&
      member.name.getText() === 'open' &&
      !!member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword),
  );
  if (!open?.body) return [...problems, 'no static open()'];

  const constructs = (node: ts.Node): boolean => {
    let found = false;
    visit(node, (n) => {
      if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === className)
        found = true;
    });
    return found;
  };
  const throwsForbidden = (node: ts.Node): boolean => {
    let found = false;
    visit(node, (n) => {
      if (
        ts.isThrowStatement(n) &&
        n.expression &&
        ts.isNewExpression(n.expression) &&
        n.expression.expression.getText() === 'ForbiddenError'
      )
        found = true;
    });
    return found;
  };
  const statements = [...open.body.statements];
  const refusal = statements.findIndex(
    (statement) =>
      ts.isIfStatement(statement) &&
      /egress/i.test(statement.expression.getText()) &&
      throwsForbidden(statement.thenStatement) &&
      !constructs(statement),
  );
  const firstConstruct = statements.findIndex(constructs);
  if (refusal < 0)
    problems.push('open() has no top-level `if (<egress switch>) throw new ForbiddenError(…)`');
  else if (firstConstruct >= 0 && firstConstruct < refusal)
    problems.push('open() constructs the reader before the egress refusal');
  if (firstConstruct < 0) problems.push(`open() never constructs a ${className}`);
  const elsewhere = gate.members.filter((member) => member !== open && constructs(member));
  if (elsewhere.length > 0) problems.push(`${className} is constructed outside open()`);
  return problems;
}

// ---- (d) folders and suffixes that show roles ---------------------------------------------------

export interface RoleViolation {
  file: string;
  problem: string;
}

/** The event log's reply(subject, service, handler) hands a function; an HTTP adapter's reply(response, body, status) does not. */
const isFunctionNode = (node: ts.Node): boolean =>
  ts.isArrowFunction(node) || ts.isFunctionExpression(node);

/**
 * Where each role lives, decided by what a file does, not by what it is called: an RPC door (`log.reply(…)`)
 * is `rpc/<name>.responder.ts`; a handler of log events (`@OnEvent`, `@OnRawEvent`) is
 * `reactors/<name>.reactor.ts`; any other Nest controller serves HTTP and is `api/<name>.controller.ts`;
 * a `Projection` is `projections/<name>.projection.ts`; a TypeORM migration is `<name>.migration.ts`.
 */
const ROLES: readonly {
  role: string;
  folder?: string;
  suffix: string;
  does: (file: ts.SourceFile) => boolean;
}[] = [
  {
    role: 'an RPC responder',
    folder: 'rpc',
    suffix: '.responder.ts',
    does: (file) =>
      some(
        file,
        (n) =>
          ts.isCallExpression(n) &&
          ts.isPropertyAccessExpression(n.expression) &&
          n.expression.name.text === 'reply' &&
          n.arguments.length === 3 &&
          n.arguments[2] !== undefined &&
          isFunctionNode(n.arguments[2]),
      ),
  },
  {
    role: 'a reactor',
    folder: 'reactors',
    suffix: '.reactor.ts',
    does: (file) =>
      some(
        file,
        (n) => ts.isDecorator(n) && /^(OnEvent|OnRawEvent)\(/.test(n.expression.getText()),
      ),
  },
  {
    role: 'an HTTP controller',
    folder: 'api',
    suffix: '.controller.ts',
    does: (file) =>
      some(file, (n) => ts.isDecorator(n) && /^Controller\(/.test(n.expression.getText())) &&
      !some(
        file,
        (n) => ts.isDecorator(n) && /^(OnEvent|OnRawEvent)\(/.test(n.expression.getText()),
      ),
  },
  {
    role: 'a projection',
    folder: 'projections',
    suffix: '.projection.ts',
    does: (file) =>
      some(file, (n) => ts.isVariableDeclaration(n) && n.type?.getText() === 'Projection'),
  },
  {
    role: 'a migration',
    suffix: '.migration.ts',
    does: (file) =>
      some(
        file,
        (n) =>
          ts.isClassDeclaration(n) &&
          !!n.heritageClauses?.some((h) => h.getText().includes('MigrationInterface')),
      ),
  },
];

/** The suffixes that name a role; a class in such a file is named after the file (`memory-reads.service.ts` → `MemoryReadsService`). */
const ROLE_SUFFIX =
  /\.(controller|service|projection|reactor|responder|migration|module|sweep|client|command|hook)\.ts$/;

function some(node: ts.Node, test: (node: ts.Node) => boolean): boolean {
  return (
    test(node) || node.forEachChild((child) => (some(child, test) ? true : undefined)) === true
  );
}

const pascal = (base: string) =>
  base.replace(/(^|[-.])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase()).toLowerCase();

/** Every file whose role is in the wrong folder or under the wrong suffix, and every role class not named after its file. */
export function roleViolations(servicesDir: string): RoleViolation[] {
  return serviceSources(servicesDir).flatMap((source) => {
    const parsed = parse(source.text, source.file);
    const name = path.basename(source.file);
    const folder = path.basename(path.dirname(source.file));
    const found: RoleViolation[] = [];
    for (const rule of ROLES) {
      if (!rule.does(parsed)) continue;
      if (!name.endsWith(rule.suffix) || (rule.folder && folder !== rule.folder)) {
        found.push({
          file: source.file,
          problem: `${rule.role} belongs in ${rule.folder ? `${rule.folder}/` : ''}<name>${rule.suffix}`,
        });
      }
    }
    if (ROLE_SUFFIX.test(name)) {
      const expected = pascal(name.replace(/\.ts$/, ''));
      const classes = parsed.statements
        .filter(ts.isClassDeclaration)
        .filter((c) => c.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword));
      // migrations carry TypeORM's timestamp after the name (`Memory1764400005100`)
      const named = (c: ts.ClassDeclaration) => {
        const got = (c.name?.text ?? '').toLowerCase();
        return (
          got === expected ||
          (name.endsWith('.migration.ts') && got.replace(/\d+$/, '') + 'migration' === expected)
        );
      };
      if (classes.length > 0 && !classes.some(named)) {
        found.push({
          file: source.file,
          problem: `no exported class is named after the file (${classes.map((c) => c.name?.text).join(', ')})`,
        });
      }
    }
    return found;
  });
}

// ---- (e) no import cycle ------------------------------------------------------------------------

/**
 * The cycles among the files of the tree (services and libs), each as the files of one strongly
 * connected component. Every load counts: a type-only import (a cycle of types is still a knot a
 * reader has to untie) and an `import()` (a lazy load closes the knot all the same).
 */
export function importCycles(servicesDir: string): string[][] {
  const tree = treeOf(servicesDir);
  const edges = new Map<string, string[]>();
  for (const source of tree.sources)
    edges.set(
      source.file,
      loadsOf(tree, source).flatMap((load) => (load.file ? [load.file] : [])),
    );
  return stronglyConnected(edges).filter(
    ([first = '', ...more]) => more.length > 0 || (edges.get(first) ?? []).includes(first),
  );
}
/** Tarjan's strongly connected components, each sorted, the list sorted by its first file. */
function stronglyConnected(edges: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) connect(node);
  return components.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

// ---- (f) pure code stays pure all the way down ---------------------------------------------------

/**
 * What pure code must never load, directly or through what it loads (docs/architecture.md: domain code
 * is a function of its inputs): frameworks, the bus, databases, file system and network, model SDKs,
 * and the libs that wrap them (@mnemo/llm loads the Anthropic SDK).
 */
export const IMPURE_MODULES =
  /^(@nestjs\/.+|typeorm|pg|pg-copy-streams|ioredis|@nats-io\/.+|@grpc\/.+|fastify|@anthropic-ai\/sdk|openai|(node:)?(fs|fs\/promises|net|http|https|child_process)|@mnemo\/(llm|eventing|persistence|http-edge))$/;

export interface PurityViolation {
  file: string;
  /** The impure module it ends up loading. */
  reaches: string;
  /** The chain of files from the pure file to the one that loads it (the pure file first). */
  through: string[];
}

/**
 * Every pure file (any file in a `domain/` folder of a service or lib, and every file of the `pureLibs`)
 * that loads an impure module, directly or through the files and lib doors it loads, with the shortest
 * chain that gets there. Type-only imports load nothing at run time and are not followed.
 */
export function impureLoads(
  servicesDir: string,
  pureLibs: readonly string[] = [],
): PurityViolation[] {
  const tree = treeOf(servicesDir);
  const loads = new Map(tree.sources.map((source) => [source.file, loadsOf(tree, source)]));
  const isPure = (file: string) =>
    /^(services|libs)\/[^/]+\/src\/(.+\/)?domain\//.test(file) ||
    pureLibs.some((lib) => file.startsWith(`libs/${lib}/src/`));
  return tree.sources
    .filter((source) => isPure(source.file))
    .flatMap((source) => {
      // breadth first, so the chain reported is a shortest one
      const cameFrom = new Map<string, string | undefined>([[source.file, undefined]]);
      const queue = [source.file];
      while (queue.length > 0) {
        const file = queue.shift()!;
        for (const load of loads.get(file) ?? []) {
          if (load.typeOnly) continue;
          if (IMPURE_MODULES.test(load.specifier)) {
            const through = [file];
            for (let at = cameFrom.get(file); at; at = cameFrom.get(at)) through.unshift(at);
            return [{ file: source.file, reaches: load.specifier, through }];
          }
          if (load.file && !cameFrom.has(load.file)) {
            cameFrom.set(load.file, file);
            queue.push(load.file);
          }
        }
      }
      return [];
    });
}
