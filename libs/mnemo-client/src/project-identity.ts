import * as fs from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';

// The callback forms, promised: `node:fs/promises` loads a dozen more of Node's modules (3 ms of a hook's start-up), `fs`
// is loaded already. `realpath.native` is the physical path, as git reports it and as fs/promises' realpath gives.
const realpath = promisify(fs.realpath.native);
const readFile = promisify(fs.readFile);
const readdir = promisify(fs.readdir);
const stat = promisify(fs.stat);

export interface ProjectIdentity {
  /** The project's name in Mnemo: MNEMO_PROJECT, else the main checkout's root, else the directory itself. */
  project: string;
  /** Every checkout of the repository (the main one and its worktrees): sessions in any of them are this project's. */
  roots: string[];
}

/** Runs git in `cwd`; null when git is missing, `cwd` is not in a repository, or it takes too long. */
function git(cwd: string, args: string[], timeoutMs: number): Promise<string | null> {
  // loaded here, not at the top: a prompt hook that finds its root on disk never starts git
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy, see above
  const { execFile } = require('node:child_process') as typeof import('node:child_process');
  return new Promise((resolve) => {
    execFile('git', args, { cwd, timeout: timeoutMs, windowsHide: true }, (error, stdout) =>
      resolve(error ? null : stdout.trim()),
    );
  });
}

/**
 * The git root of `cwd`, shared by worktrees: `--git-common-dir` names the main repository's `.git`
 * from any worktree, so its parent is one name for all of them. Overridden by MNEMO_PROJECT.
 */
export async function projectIdentity(
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 1_000,
): Promise<ProjectIdentity> {
  const override = env.MNEMO_PROJECT?.trim();
  const root = await gitRoot(cwd, timeoutMs);
  const roots = root ? await checkoutsOf(root, timeoutMs) : [];
  const base = root ?? path.resolve(cwd);
  return { project: override || base, roots: roots.length > 0 ? roots : [base] };
}

/** The project's name alone, as projectIdentity names it, without listing the worktrees (one git run fewer per prompt). */
export async function projectName(
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 1_000,
): Promise<string> {
  return env.MNEMO_PROJECT?.trim() || ((await gitRoot(cwd, timeoutMs)) ?? path.resolve(cwd));
}

async function gitRoot(cwd: string, timeoutMs: number): Promise<string | null> {
  const found = await gitRootOnDisk(cwd);
  if (found !== undefined) return found;
  const common = await git(
    cwd,
    ['rev-parse', '--path-format=absolute', '--git-common-dir'],
    timeoutMs,
  );
  if (!common) return null;
  return path.basename(common) === '.git'
    ? path.dirname(common)
    : git(cwd, ['rev-parse', '--show-toplevel'], timeoutMs);
}

/** Every checkout of the repository whose main checkout is `root`: read off the disk, else as git lists them. */
async function checkoutsOf(root: string, timeoutMs: number): Promise<string[]> {
  return (
    (await worktreesOnDisk(root)) ??
    worktreeRoots((await git(root, ['worktree', 'list', '--porcelain'], timeoutMs)) ?? '')
  );
}

/** Git's own settings that move or bound its discovery: with any of them set, only git can say. */
const DISCOVERY_VARIABLES = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_COMMON_DIR',
  'GIT_CEILING_DIRECTORIES',
  'GIT_DISCOVERY_ACROSS_FILESYSTEM',
];
const onlyGitCanSay = (env: NodeJS.ProcessEnv): boolean =>
  DISCOVERY_VARIABLES.some((name) => env[name]);

/**
 * The answer gitRoot's git runs give, read off the disk instead: the nearest `.git` above `cwd`, and
 * for a worktree (a `.git` file naming its gitdir) the main checkout through the gitdir's `commondir`.
 * A hook runs this on every prompt, and starting git costs more than the rest of its work (docs/cli.md).
 * Null outside a repository; undefined where the layout is not the plain one or a read failed, so git
 * is asked. Asynchronous, so a hung file system holds a worker thread, never the hook's own bound.
 */
export async function gitRootOnDisk(
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | null | undefined> {
  if (onlyGitCanSay(env)) return undefined;
  try {
    for (let dir = await realpath(cwd); ; dir = path.dirname(dir)) {
      // git reports physical paths, hence realpath
      const dotGit = path.join(dir, '.git');
      const kind = await entryKind(dotGit);
      if (kind === 'directory' && (await entryKind(path.join(dotGit, 'HEAD'))) === 'file')
        return dir;
      if (kind === 'file') return await worktreeMainRoot(dir, dotGit);
      if (path.dirname(dir) === dir) return null;
    }
  } catch {
    return undefined;
  }
}

/** A checkout whose `.git` is a file: a worktree (its gitdir has a `commondir`) or a submodule (its own toplevel). */
async function worktreeMainRoot(toplevel: string, dotGitFile: string): Promise<string | undefined> {
  const pointer = /^gitdir: (.+)$/m.exec(await readFile(dotGitFile, 'utf8'))?.[1]?.trim();
  if (!pointer) return undefined;
  const gitdir = path.resolve(toplevel, pointer);
  const commondir = await readFile(path.join(gitdir, 'commondir'), 'utf8').catch(() => null);
  // a submodule: no common dir, its own toplevel
  if (commondir === null)
    return (await entryKind(path.join(gitdir, 'HEAD'))) === 'file' ? toplevel : undefined;
  const common = await realpath(path.resolve(gitdir, commondir.trim()));
  return path.basename(common) === '.git' ? path.dirname(common) : toplevel;
}

/**
 * What `git worktree list` names, read off the disk: the main checkout `root`, then each worktree its
 * `.git/worktrees/<name>/gitdir` points at. Undefined where `root` has no `.git` folder (a submodule,
 * a bare repository) or git's discovery settings are set: git is asked then.
 */
export async function worktreesOnDisk(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[] | undefined> {
  if (onlyGitCanSay(env)) return undefined;
  const common = path.join(root, '.git');
  if ((await entryKind(common).catch(() => null)) !== 'directory') return undefined;
  const linked = path.join(common, 'worktrees');
  const names = await readdir(linked).catch(() => [] as string[]); // none: no worktree ever added
  // each pointer is the worktree's `.git` file; a half-made or half-removed worktree has none, and git leaves it out too
  const pointers = await Promise.all(
    names.sort().map((name) =>
      readFile(path.join(linked, name, 'gitdir'), 'utf8').then(
        (pointer) => path.resolve(linked, name, pointer.trim()),
        () => null,
      ),
    ),
  );
  return [
    root,
    ...pointers
      .filter((pointer): pointer is string => pointer !== null)
      .map((pointer) => path.dirname(pointer)),
  ];
}

/** What is at `file`: null when nothing is; other failures (no permission, a hung mount's error) reject. */
async function entryKind(file: string): Promise<'file' | 'directory' | null> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
    throw error;
  });
  return info?.isDirectory() ? 'directory' : info?.isFile() ? 'file' : null;
}

/** `worktree /a/b` lines of `git worktree list --porcelain`. */
export function worktreeRoots(porcelain: string): string[] {
  return porcelain
    .split('\n')
    .filter((line) => line.startsWith('worktree '))
    .map((line) => line.slice('worktree '.length).trim());
}

/** Whether a session that ran in `cwd` ran in one of the project's checkouts. */
export function isInProject(cwd: string | null | undefined, roots: readonly string[]): boolean {
  if (!cwd) return false;
  return roots.some(
    (root) => cwd === root || cwd.startsWith(root.endsWith(path.sep) ? root : root + path.sep),
  );
}
