import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  egressGateProblems,
  foreignServiceImports,
  foreignSqlNames,
  importCycles,
  ownership,
  roleViolations,
} from '../support/structure-checks';

/**
 * Issue 9's boundaries, kept by structure: one door per service (no service imports another's package;
 * only the composition root, services/platform, knows them all), one owner per table (no SQL in one
 * service names a table or projection checkpoint of another), and the context's egress gate refuses
 * before it hands out a reader. Each checker is also run on a planted fixture (fixtures/structure), so
 * the test is seen to fail when the rule is broken. Folders show roles: what a file does (answers RPCs,
 * reacts to events, serves HTTP, projects, migrates) decides its folder and suffix, and a role class is
 * named after its file.
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

describe('service boundaries (structure)', () => {
  it('no service imports another service’s package; only the composition root does', () => {
    expect(foreignServiceImports(services)).toEqual([]);
  });

  it('the import checker reports a planted foreign import (static and dynamic) and spares the service itself, specs and the root', () => {
    expect(foreignServiceImports(path.join(fixtures, 'services'))).toEqual([
      { file: 'services/alpha/src/api/things.controller.ts', imports: '@mnemo/beta-service' },
      { file: 'services/alpha/src/api/things.controller.ts', imports: '@mnemo/beta-service' },
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

  it('the SQL checker reports a planted read of another service’s table and checkpoints, not the service’s own', () => {
    const planted = path.join(fixtures, 'services');
    const owners = ownership(planted);
    expect(Object.fromEntries(owners.tables)).toEqual({
      alpha_notes: 'alpha',
      beta_things: 'beta',
    });
    expect(Object.fromEntries(owners.checkpoints)).toEqual({
      'alpha-notes': 'alpha',
      'beta-things': 'beta',
    });
    expect(foreignSqlNames(planted, owners)).toEqual([
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

  it('the cycle checker reports a planted pair of files importing each other (a type-only import counts), not their importer', () => {
    expect(importCycles(path.join(__dirname, 'fixtures/cycles/services'))).toEqual([
      ['services/alpha/src/domain/note-title.ts', 'services/alpha/src/domain/note.ts'],
    ]);
  });
});
