import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  egressGateProblems,
  foreignServiceImports,
  foreignSqlNames,
  impureLoads,
  importCycles,
  ownership,
  roleViolations,
} from '../support/structure-checks';

/**
 * The boundaries, kept by structure: one door per service (no service or lib imports another service's
 * package or reaches into its files by a relative path; only the composition root, services/platform,
 * knows them all), one owner per table (no SQL in another service or in a lib names a service's table
 * or projection checkpoint, in whatever case and however the name is held), no import cycle (lazy
 * `import()` included), pure code that loads nothing impure even through what it loads, and the
 * context's egress gate refuses before it hands out a reader. Each checker is also run on a planted
 * fixture (fixtures/), so the test is seen to fail when the rule is broken. Folders show roles: what a
 * file does (answers RPCs, reacts to events, serves HTTP, projects, migrates) decides its folder and
 * suffix, and a role class is named after its file.
 */
const root = path.join(__dirname, '../..');
const services = path.join(root, 'services');
const fixtures = path.join(__dirname, 'fixtures/structure');

/**
 * The SQL that still names another service's table or checkpoint, as `file: table|checkpoint name`.
 * This list only shrinks: whoever moves a read to its owner (a projection of one's own, or request/reply
 * to the owner) deletes its entry, and the test fails while an entry is stale. It must end empty.
 */
const KNOWN_FOREIGN_SQL: readonly string[] = [];

/** The libs that hold pure code only (a domain/ folder of any package is pure too). */
const PURE_LIBS = [
  'contracts',
  'redaction',
  'memory-rules',
  'life-inventory',
  'log-templates',
  'coding-talk',
];

/**
 * Pure files that still load @mnemo/llm (and so the Anthropic SDK), with why they have not moved. This
 * list only shrinks: an entry that no longer offends must be deleted, and the test fails while it is stale.
 */
const KNOWN_IMPURE: Readonly<Record<string, string>> = {
  // meaningSimilarity/meaningWords read a word list from disk (node:fs) inside libs/llm's offline
  // extractor: they need a pure home that takes the list as an argument before these can leave
  'services/memory/src/domain/dedup.ts': 'meaningSimilarity from @mnemo/llm',
  'services/memory/src/domain/remember.ts': 'extractPersonFacts, meaningWords from @mnemo/llm',
  'services/memory/src/domain/extraction-plan.ts': 'through dedup.ts',
  'services/memory/src/domain/proposals.ts': 'through extraction-plan.ts and dedup.ts',
};

describe('service boundaries (structure)', () => {
  it('no service imports another service’s package; only the composition root does', () => {
    expect(foreignServiceImports(services)).toEqual([]);
  });

  it('the import checker reports planted foreign imports (static, dynamic, relative, from a lib) and spares the service itself, specs and the root', () => {
    expect(foreignServiceImports(path.join(fixtures, 'services'))).toEqual([
      { file: 'services/alpha/src/api/things.controller.ts', imports: '@mnemo/beta-service' },
      { file: 'services/alpha/src/api/things.controller.ts', imports: '@mnemo/beta-service' },
      {
        file: 'services/alpha/src/reads/relative-reach.ts',
        imports: '../../../beta/src/projections/beta-things.projection',
      },
      { file: 'libs/notes-kit/src/index.ts', imports: '@mnemo/beta-service' },
      {
        file: 'libs/notes-kit/src/index.ts',
        imports: '../../../services/alpha/src/projections/alpha-notes.projection',
      },
    ]);
  });

  it('derives table and checkpoint owners from the code: the service whose migration creates a table, whose projection bears a name', () => {
    const owners = ownership(services);
    expect(owners.tables.get('turns')).toBe('ingest');
    expect(owners.tables.get('accounts')).toBe('gateway');
    expect(owners.checkpoints.get('sessions')).toBe('ingest');
    expect(owners.checkpoints.get('memory')).toBe('memory');
    expect(owners.tables.size).toBeGreaterThan(30);
  });

  it('no SQL in one service names a table or checkpoint of another, beyond the shrinking list of known ones', () => {
    const found = foreignSqlNames(services).map((v) => `${v.file}: ${v.names}`);
    expect(found.filter((entry) => !KNOWN_FOREIGN_SQL.includes(entry))).toEqual([]);
    // fixed reads leave the list: an entry that no longer offends must be deleted
    expect(KNOWN_FOREIGN_SQL.filter((entry) => !found.includes(entry))).toEqual([]);
  });

  it('the SQL checker reports planted reads of another service’s table (any case, name in a constant, from a lib) and checkpoints, not the service’s own nor a lib’s', () => {
    const planted = path.join(fixtures, 'services');
    const owners = ownership(planted);
    expect(Object.fromEntries(owners.tables)).toEqual({
      alpha_notes: 'alpha',
      beta_things: 'beta',
      notes_kit_log: 'libs/notes-kit',
    });
    expect(Object.fromEntries(owners.checkpoints)).toEqual({
      'alpha-notes': 'alpha',
      'beta-things': 'beta',
    });
    expect(foreignSqlNames(planted, owners)).toEqual([
      { file: 'libs/notes-kit/src/index.ts', names: 'table beta_things', owner: 'beta' },
      {
        file: 'services/alpha/src/api/things.controller.ts',
        names: 'checkpoint beta-things',
        owner: 'beta',
      },
      {
        file: 'services/alpha/src/api/things.controller.ts',
        names: 'table beta_things',
        owner: 'beta',
      },
      { file: 'services/alpha/src/reads/lower-case.ts', names: 'table beta_things', owner: 'beta' },
      {
        file: 'services/alpha/src/reads/table-constant.ts',
        names: 'table beta_things',
        owner: 'beta',
      },
      {
        file: 'services/alpha/src/reads/table-imported-constant.ts',
        names: 'table beta_things',
        owner: 'beta',
      },
      {
        file: 'services/alpha/src/reads/table-joined.ts',
        names: 'table beta_things',
        owner: 'beta',
      },
    ]);
  });

  it('the context’s egress gate refuses a forbidding account before it constructs a reader, on every path', () => {
    expect(
      egressGateProblems(
        readFileSync(path.join(services, 'context/src/sources/source-reader.ts'), 'utf8'),
      ),
    ).toEqual([]);
  });

  it.each([
    [
      'refusal-removed',
      'open() has no top-level `if (<egress switch>) throw new ForbiddenError(…)`',
    ],
    ['reader-before-refusal', 'open() constructs the reader before the egress refusal'],
    [
      'refusal-on-one-path',
      'open() has no top-level `if (<egress switch>) throw new ForbiddenError(…)`',
    ],
    [
      'public-constructor',
      'the constructor is not private, so a reader can be made without the check',
    ],
  ])('the egress checker reports a planted gate with %s', (fixture, problem) => {
    const gate = (name: string) =>
      readFileSync(path.join(fixtures, 'egress', `${name}.ts`), 'utf8');
    expect(egressGateProblems(gate('gate-holds'))).toEqual([]);
    expect(egressGateProblems(gate(fixture))).toEqual([problem]);
  });

  it('every RPC door, reactor, controller, projection and migration sits in its role’s folder under its suffix, and role classes are named after their files', () => {
    expect(roleViolations(services)).toEqual([]);
  });

  it('the role checker reports planted misplaced roles and a misnamed class, and spares files that hold the rules', () => {
    expect(roleViolations(path.join(__dirname, 'fixtures/roles/services'))).toEqual([
      {
        file: 'services/alpha/src/api/note-saved.controller.ts',
        problem: 'a reactor belongs in reactors/<name>.reactor.ts',
      },
      {
        file: 'services/alpha/src/api/notes-door.ts',
        problem: 'an RPC responder belongs in rpc/<name>.responder.ts',
      },
      {
        file: 'services/alpha/src/projections/alpha-notes.ts',
        problem: 'a projection belongs in projections/<name>.projection.ts',
      },
      {
        file: 'services/alpha/src/reactors/note-digest.service.ts',
        problem: 'no exported class is named after the file (NoteDigest)',
      },
    ]);
  });

  it('no service has an import cycle', () => {
    expect(importCycles(services)).toEqual([]);
  });

  it('the cycle checker reports planted pairs of files loading each other (type-only and lazy import() count), not their importer', () => {
    expect(importCycles(path.join(__dirname, 'fixtures/cycles/services'))).toEqual([
      ['services/alpha/src/api/notes-format.ts', 'services/alpha/src/api/notes-view.ts'],
      ['services/alpha/src/domain/note-title.ts', 'services/alpha/src/domain/note.ts'],
    ]);
  });

  it('no pure file loads a framework, the bus, a database, the file system or a model SDK, even through what it loads, beyond the shrinking list of known ones', () => {
    const found = impureLoads(services, PURE_LIBS).map((v) => v.file);
    expect(found.filter((file) => !(file in KNOWN_IMPURE))).toEqual([]);
    expect(Object.keys(KNOWN_IMPURE).filter((file) => !found.includes(file))).toEqual([]);
  });

  it('the purity checker follows loads through local files, lib doors (second doors too) and import(), and not through type-only imports', () => {
    expect(impureLoads(path.join(__dirname, 'fixtures/purity/services'))).toEqual([
      {
        file: 'services/alpha/src/domain/note-cache.ts',
        reaches: 'ioredis',
        through: ['services/alpha/src/domain/note-cache.ts', 'libs/notes-cache/src/index.ts'],
      },
      {
        file: 'services/alpha/src/domain/note-cost.ts',
        reaches: '@mnemo/llm',
        through: [
          'services/alpha/src/domain/note-cost.ts',
          'services/alpha/src/pricing/note-price.ts',
        ],
      },
      {
        file: 'services/alpha/src/domain/note-door.ts',
        reaches: '@anthropic-ai/sdk',
        through: [
          'services/alpha/src/domain/note-door.ts',
          'libs/words/pure.ts',
          'libs/words/src/summary.ts',
        ],
      },
      {
        file: 'services/alpha/src/domain/note-summary.ts',
        reaches: '@anthropic-ai/sdk',
        through: [
          'services/alpha/src/domain/note-summary.ts',
          'libs/words/src/index.ts',
          'libs/words/src/summary.ts',
        ],
      },
    ]);
  });
});
