import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileVersions } from './git-history';
import {
  MAX_SNAPSHOT_BYTES,
  driftFromGit,
  historySnapshots,
  trackedSourceFiles,
  workingTreeSnapshots,
} from './local-snapshots';

const SECRET = 'ghp_' + 'Q7w'.repeat(12);

/** A repository with commits at chosen times: the history drift reads. */
function repository() {
  const root = mkdtempSync(path.join(tmpdir(), 'mnemo-drift-'));
  const run = (args: string[], date?: string) =>
    execFileSync('git', args, {
      cwd: root,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Ada',
        GIT_AUTHOR_EMAIL: 'ada@example.test',
        GIT_COMMITTER_NAME: 'Ada',
        GIT_COMMITTER_EMAIL: 'ada@example.test',
        ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
      },
      encoding: 'utf8',
    });
  run(['init', '-q', '-b', 'main']);
  const commit = (files: Record<string, string>, date: string, message: string) => {
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);
    run(['add', '-A']);
    run(['commit', '-q', '-m', message], date);
  };
  return { root, run, commit, remove: () => rmSync(root, { recursive: true, force: true }) };
}

const V1 = `export function load(id: string): Item {\n  return store.get(id) ?? BODY_MARKER_ONE;\n}\n`;
const V2 =
  `export function fetchItem(id: string): Item {\n  return store.get(id) ?? BODY_MARKER_ONE;\n}\n` +
  `export function token(t = '${SECRET}'): string {\n  return t;\n}\n`;

describe('drift from git history', () => {
  let repo: ReturnType<typeof repository>;
  beforeEach(() => {
    repo = repository();
    repo.commit({ 'items.ts': V1 }, '2026-01-01T10:00:00Z', 'items');
    repo.commit({ 'items.ts': V2 }, '2026-02-01T10:00:00Z', 'rename load, add token');
  });
  afterEach(() => repo.remove());

  it('compares the version as of `since` with the working tree: a rename is one change', async () => {
    const report = await driftFromGit(repo.root, 'items.ts', {
      text: '2026-01-15',
      at: new Date('2026-01-15T00:00:00Z'),
    });
    expect(report.baseline?.at).toBe('2026-01-01T10:00:00.000Z');
    expect(report.delta?.renamed.map((c) => `${c.from.name}→${c.to.name}`)).toEqual([
      'load→fetchItem',
    ]);
    expect(report.delta?.added.map((s) => s.name)).toEqual(['token']);
    expect(report.delta?.removed).toEqual([]);
  });

  it('keeps no body and no secret in the answer', async () => {
    const report = await driftFromGit(repo.root, 'items.ts', {
      text: '2026-01-15',
      at: new Date('2026-01-15T00:00:00Z'),
    });
    const json = JSON.stringify(report);
    expect(json).not.toContain('BODY_MARKER_ONE');
    expect(json).not.toContain(SECRET);
    expect(json).toContain('function token(');
  });

  it('says so, and invents no delta, when nothing predates `since`', async () => {
    const report = await driftFromGit(repo.root, 'items.ts', {
      text: '2025-12-01',
      at: new Date('2025-12-01T00:00:00Z'),
    });
    expect(report.delta).toBeNull();
    expect(report.baseline).toBeNull();
    expect(report.text).toMatch(
      /^No snapshot of items\.ts at or before 2025-12-01; the first is from 2026-01-01 10:00/,
    );
    expect(report.symbols?.map((s) => s.name)).toEqual(['fetchItem', 'token']);
  });

  it('follows a file through a rename in git', async () => {
    repo.run(['mv', 'items.ts', 'catalog.ts']);
    repo.commit({}, '2026-03-01T10:00:00Z', 'move');
    expect((await fileVersions(repo.root, 'catalog.ts')).map((v) => v.path)).toEqual([
      'items.ts',
      'items.ts',
      'catalog.ts',
    ]);
    const report = await driftFromGit(repo.root, 'catalog.ts', {
      text: '2026-01-15',
      at: new Date('2026-01-15T00:00:00Z'),
    });
    expect(report.delta?.renamed).toHaveLength(1);
  });

  it('snapshots every version since a date and each file as of it, and skips what is too large', async () => {
    repo.commit(
      {
        'big.ts': `export const big = 1;\n// ${'x'.repeat(MAX_SNAPSHOT_BYTES)}\n`,
        'notes.md': '# n',
      },
      '2026-02-10T10:00:00Z',
      'big file',
    );
    const skips = { tooLarge: 0, unreadable: 0 };
    const snapshots = await historySnapshots(
      repo.root,
      { since: new Date('2026-01-15T00:00:00Z') },
      skips,
    );
    expect(snapshots.map((s) => `${s.path}@${s.occurredAt.slice(0, 10)}`)).toEqual([
      'items.ts@2026-01-01',
      'items.ts@2026-02-01',
    ]);
    expect(skips).toEqual({ tooLarge: 1, unreadable: 0 });
    expect(snapshots[1]?.author).toBe('Ada');
    expect(snapshots[1]?.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('snapshots the working tree of tracked source files only', async () => {
    writeFileSync(path.join(repo.root, 'untracked.ts'), 'export const u = 1;\n');
    const files = await trackedSourceFiles(repo.root);
    expect(files).toEqual(['items.ts']);
    const skips = { tooLarge: 0, unreadable: 0 };
    const [snapshot] = await workingTreeSnapshots(repo.root, files, skips);
    expect(snapshot?.symbols.map((s) => s.name)).toEqual(['fetchItem', 'token']);
    expect(snapshot?.commit).toBeUndefined();
  });
});
