import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { DependencyError } from '@mnemo/contracts';
import type { GitFacts } from '../domain/infer-outcome';

export interface GitFactsOptions {
  /** Per git invocation. */
  timeoutMs?: number;
  /** Branches that count as "main", first existing ones used; remote-tracking `origin/<name>` too. */
  mainBranches?: readonly string[];
  gitBinary?: string;
}

const SHA = /^[0-9a-f]{7,40}$/;
const REVERT_NOTE = /This reverts commit ([0-9a-f]{7,40})/g;

/**
 * Asks the repository at `repoDir` about the given commits, up front, so inferOutcome can stay a
 * pure, synchronous function. Returns null when there is no repository there (the session ran on
 * another machine, or the directory is gone): the outcome then stays `unknown`. Throws a
 * DependencyError when git itself fails (missing binary, timeout), so the caller can count it.
 */
export async function loadGitFacts(
  repoDir: string | undefined,
  shas: readonly string[],
  options: GitFactsOptions = {},
): Promise<GitFacts | null> {
  if (!repoDir || !(await isDirectory(repoDir))) return null;
  const git = (args: string[]) => runGit(options.gitBinary ?? 'git', repoDir, args, options.timeoutMs ?? 10_000);
  const inside = await git(['rev-parse', '--is-inside-work-tree']);
  if (inside.code !== 0 || inside.stdout.trim() !== 'true') return null;

  const mainRefs: string[] = [];
  for (const name of options.mainBranches ?? ['main', 'master']) {
    for (const ref of [`refs/heads/${name}`, `refs/remotes/origin/${name}`]) {
      if ((await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).code === 0) mainRefs.push(ref);
    }
  }

  const candidates = [...new Set(shas.filter((s) => SHA.test(s)))];
  const onMain = new Set<string>();
  for (const sha of candidates) {
    for (const ref of mainRefs) {
      // Exit 0: ancestor; 1: not; anything else (unknown object) also means "not on main".
      if ((await git(['merge-base', '--is-ancestor', sha, ref])).code === 0) {
        onMain.add(sha);
        break;
      }
    }
  }

  const reverts = await git(['log', '--all', '--format=%B', '--fixed-strings', '--grep=This reverts commit']);
  const revertedShas = reverts.code === 0 ? [...reverts.stdout.matchAll(REVERT_NOTE)].map((m) => m[1]!) : [];
  const sameCommit = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);

  return {
    isOnMainBranch: (sha) => onMain.has(sha),
    isReverted: (sha) => SHA.test(sha) && revertedShas.some((r) => sameCommit(r, sha)),
  };
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

interface GitRun {
  code: number;
  stdout: string;
}

function runGit(binary: string, cwd: string, args: string[], timeoutMs: number): Promise<GitRun> {
  return new Promise((resolve, reject) => {
    execFile(
      binary,
      ['-C', cwd, ...args],
      { timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' } },
      (error, stdout) => {
        if (!error) return resolve({ code: 0, stdout });
        const { code, killed } = error as NodeJS.ErrnoException & { code?: number | string; killed?: boolean };
        if (killed) return reject(new DependencyError('git', `git ${args[0]} timed out after ${timeoutMs} ms`, { cause: error }));
        if (typeof code === 'number') return resolve({ code, stdout });
        reject(new DependencyError('git', `could not run git: ${error.message}`, { cause: error }));
      },
    );
  });
}
