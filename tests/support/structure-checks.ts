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
        .map((file) => ({
          service,
          file: path.relative(base, file),
          text: readFileSync(file, 'utf8'),
        })),
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
        if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
          specifier = node.moduleSpecifier;
        if (
          ts.isCallExpression(node) &&
          (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
            (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
        ) {
          specifier = node.arguments[0];
        }
        if (!specifier || !ts.isStringLiteralLike(specifier)) return;
        const match = /^@mnemo\/(.+)-service(\/.*)?$/.exec(specifier.text);
        if (match && match[1] !== source.service)
          found.push({ file: source.file, imports: specifier.text });
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
    if (ts.isTemplateExpression(node))
      found.push(
        [node.head.text, ...node.templateSpans.map((span) => `$x${span.literal.text}`)].join(''),
      );
  });
  return found;
}

const CREATE_TABLE =
  /\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(?:[a-z_][a-z0-9_]*"?\."?)?([a-z_][a-z0-9_]*)"?/g;
/** A table named after the SQL keywords that take one (our SQL writes keywords in capitals). */
const TABLE_REFERENCE =
  /\b(?:FROM|JOIN|INTO|UPDATE|TABLE(?:\s+IF(?:\s+NOT)?\s+EXISTS)?|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?"?(?:[a-z_][a-z0-9_]*"?\."?)?([a-z_][a-z0-9_]*)"?/g;

/** Ownership as the code states it: who creates each table, who defines each projection. */
export function ownership(servicesDir: string): Ownership {
  const tables = new Map<string, string>();
  const checkpoints = new Map<string, string>();
  for (const source of serviceSources(servicesDir)) {
    for (const literal of literals(source))
      for (const [, table] of literal.matchAll(CREATE_TABLE)) tables.set(table, source.service);
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

/** Every table or checkpoint of another service that a service's SQL (or checkpoint wait) names. */
export function foreignSqlNames(
  servicesDir: string,
  owners: Ownership = ownership(servicesDir),
): SqlViolation[] {
  const found = new Map<string, SqlViolation>();
  const add = (
    source: SourceFile,
    kind: 'table' | 'checkpoint',
    name: string,
    owner: string | undefined,
  ) => {
    if (!owner || owner === source.service) return;
    const violation = { file: source.file, names: `${kind} ${name}`, owner };
    found.set(`${violation.file} ${violation.names}`, violation);
  };
  for (const source of serviceSources(servicesDir)) {
    for (const literal of literals(source)) {
      for (const [, table] of literal.matchAll(TABLE_REFERENCE))
        add(source, 'table', table, owners.tables.get(table));
      if (/\bprojection_checkpoints\b/.test(literal)) {
        for (const [, name] of literal.matchAll(/'([^']+)'/g))
          add(source, 'checkpoint', name, owners.checkpoints.get(name));
      }
    }
    // awaitCheckpoint(db, 'name', …): waiting on another service's projection reads its checkpoint
    visit(parse(source.text, source.file), (node) => {
      if (
        !ts.isCallExpression(node) ||
        !ts.isIdentifier(node.expression) ||
        node.expression.text !== 'awaitCheckpoint'
      )
        return;
      const name = node.arguments[1];
      if (name && ts.isStringLiteralLike(name))
        add(source, 'checkpoint', name.text, owners.checkpoints.get(name.text));
    });
  }
  return [...found.values()].sort((a, b) =>
    `${a.file} ${a.names}`.localeCompare(`${b.file} ${b.names}`),
  );
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
  if (
    constructors.length !== 1 ||
    !constructors[0].modifiers?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)
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
 * The cycles among the relative imports inside each service (type-only imports included: a cycle of
 * types is still a knot a reader has to untie), each as the files of one strongly connected component.
 */
export function importCycles(servicesDir: string): string[][] {
  const sources = serviceSources(servicesDir);
  const base = path.dirname(servicesDir);
  const known = new Set(sources.map((s) => s.file));
  const edges = new Map<string, string[]>();
  for (const source of sources) {
    const targets: string[] = [];
    visit(parse(source.text, source.file), (node) => {
      if (
        !(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) ||
        !node.moduleSpecifier ||
        !ts.isStringLiteralLike(node.moduleSpecifier)
      )
        return;
      const spec = node.moduleSpecifier.text;
      if (!spec.startsWith('.')) return;
      const resolved = path.relative(base, path.resolve(base, path.dirname(source.file), spec));
      const target = [`${resolved}.ts`, path.join(resolved, 'index.ts')].find((candidate) =>
        known.has(candidate),
      );
      if (target) targets.push(target);
    });
    edges.set(source.file, targets);
  }
  return stronglyConnected(edges).filter(
    (component) => component.length > 1 || (edges.get(component[0]) ?? []).includes(component[0]),
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
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}
