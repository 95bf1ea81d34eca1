import { execFile } from 'node:child_process';
import path from 'node:path';

export interface ProjectIdentity {
  /** The project's name in Mnemo: MNEMO_PROJECT, else the main checkout's root, else the directory itself. */
  project: string;
  /** Every checkout of the repository (the main one and its worktrees): sessions in any of them are this project's. */
  roots: string[];
}

/** Runs git in `cwd`; null when git is missing, `cwd` is not in a repository, or it takes too long. */
function git(cwd: string, args: string[], timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, timeout: timeoutMs, windowsHide: true }, (error, stdout) => resolve(error ? null : stdout.trim()));
  });
}

/**
 * The git root of `cwd`, shared by worktrees: `--git-common-dir` names the main repository's `.git`
 * from any worktree, so its parent is one name for all of them. Overridden by MNEMO_PROJECT.
 */
export async function projectIdentity(cwd: string, env: NodeJS.ProcessEnv = process.env, timeoutMs = 1_000): Promise<ProjectIdentity> {
  const override = env.MNEMO_PROJECT?.trim();
  const root = await gitRoot(cwd, timeoutMs);
  const listing = root ? await git(root, ['worktree', 'list', '--porcelain'], timeoutMs) : null;
  const roots = listing ? worktreeRoots(listing) : [];
  const base = root ?? path.resolve(cwd);
  return { project: override || base, roots: roots.length > 0 ? roots : [base] };
}

/** The project's name alone, as projectIdentity names it, without listing the worktrees (one git run fewer per prompt). */
export async function projectName(cwd: string, env: NodeJS.ProcessEnv = process.env, timeoutMs = 1_000): Promise<string> {
  return env.MNEMO_PROJECT?.trim() || ((await gitRoot(cwd, timeoutMs)) ?? path.resolve(cwd));
}

async function gitRoot(cwd: string, timeoutMs: number): Promise<string | null> {
  const common = await git(cwd, ['rev-parse', '--path-format=absolute', '--git-common-dir'], timeoutMs);
  if (!common) return null;
  return path.basename(common) === '.git' ? path.dirname(common) : git(cwd, ['rev-parse', '--show-toplevel'], timeoutMs);
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
  return roots.some((root) => cwd === root || cwd.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
}
