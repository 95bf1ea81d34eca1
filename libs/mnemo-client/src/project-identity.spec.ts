import childProcess, { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  gitRootOnDisk,
  projectIdentity,
  projectName,
  worktreeRoots,
  worktreesOnDisk,
} from './project-identity';

// Git itself, as projectIdentity asked it before it read the disk: the answer the disk walk must give.
function gitSays(cwd: string): string | null {
  try {
    const common = execFileSync(
      'git',
      ['rev-parse', '--path-format=absolute', '--git-common-dir'],
      { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    ).trim();
    if (path.basename(common) === '.git') return path.dirname(common);
    return execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync(
    'git',
    [
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@example.com',
      '-c',
      'protocol.file.allow=always',
      ...args,
    ],
    { cwd, stdio: 'ignore' },
  );

describe('the git root read off the disk (no git process per prompt)', () => {
  let base: string;
  let main: string;
  const places: Record<string, string> = {};
  const placeOf = (name: string): string => {
    const dir = places[name];
    if (dir === undefined) throw new Error(`no place named ${name} was made`);
    return dir;
  };

  beforeAll(() => {
    base = realpathSync(mkdtempSync(path.join(tmpdir(), 'mnemo-git-root-')));
    main = path.join(base, 'main');
    mkdirSync(path.join(main, 'src', 'deep'), { recursive: true });
    git(base, 'init', '-q', main);
    writeFileSync(path.join(main, 'src', 'a.txt'), 'a');
    git(main, 'add', '.');
    git(main, 'commit', '-qm', 'first');
    git(main, 'worktree', 'add', '-q', path.join(base, 'feature'));
    const library = path.join(base, 'library');
    git(base, 'init', '-q', library);
    git(library, 'commit', '-q', '--allow-empty', '-m', 'library');
    git(main, 'submodule', 'add', '-q', library, 'vendor/library');
    // a directory named .git that is no repository: git looks past it, and so must the walk
    mkdirSync(path.join(main, 'src', 'not-a-repo', '.git'), { recursive: true });
    mkdirSync(path.join(base, 'outside'));
    Object.assign(places, {
      'the main checkout': main,
      'a folder inside it': path.join(main, 'src', 'deep'),
      'a worktree': path.join(base, 'feature', 'src'),
      'a submodule': path.join(main, 'vendor', 'library'),
      'a folder holding an empty .git folder': path.join(main, 'src', 'not-a-repo'),
      'outside any repository': path.join(base, 'outside'),
    });
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it.each([
    'the main checkout',
    'a folder inside it',
    'a worktree',
    'a submodule',
    'a folder holding an empty .git folder',
    'outside any repository',
  ])('names the root git names: %s', async (place) => {
    expect(await gitRootOnDisk(placeOf(place), {})).toBe(gitSays(placeOf(place)));
  });

  it('names the main checkout from a worktree, so the two share one project', async () => {
    expect(await gitRootOnDisk(placeOf('a worktree'), {})).toBe(main);
  });

  it('leaves the answer to git when git is told where to look', async () => {
    expect(
      await gitRootOnDisk(placeOf('a worktree'), { GIT_DIR: path.join(main, '.git') }),
    ).toBeUndefined();
    expect(
      await gitRootOnDisk(placeOf('a worktree'), { GIT_CEILING_DIRECTORIES: base }),
    ).toBeUndefined();
  });

  it('lists the checkouts git lists, from the main checkout', async () => {
    const listed = worktreeRoots(
      execFileSync('git', ['worktree', 'list', '--porcelain'], { cwd: main, encoding: 'utf8' }),
    );
    expect(listed).toHaveLength(2);
    expect((await worktreesOnDisk(main, {}))?.sort()).toEqual(listed.sort());
  });

  it('leaves the worktrees of a submodule to git', async () => {
    expect(await worktreesOnDisk(placeOf('a submodule'), {})).toBeUndefined();
  });

  it('a session-start hook names the project and its checkouts without starting git', async () => {
    const started = jest.spyOn(childProcess, 'execFile');
    try {
      const identity = await projectIdentity(placeOf('a worktree'), {});
      expect(identity).toEqual({
        project: main,
        roots: expect.arrayContaining([main, path.join(base, 'feature')]),
      });
      expect(identity.roots).toHaveLength(2);
      expect(started).not.toHaveBeenCalled();
    } finally {
      started.mockRestore();
    }
  });

  it('a prompt hook names the project of a worktree without starting git', async () => {
    const started = jest.spyOn(childProcess, 'execFile');
    try {
      await expect(projectName(placeOf('a worktree'), {})).resolves.toBe(main);
      expect(started).not.toHaveBeenCalled();
    } finally {
      started.mockRestore();
    }
  });
});
