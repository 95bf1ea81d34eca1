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

/** loadGitFacts with its options bound; see gitFactsLoader. */
export type GitFactsLoader = (
  repoDir: string | undefined,
  shas: readonly string[],
) => Promise<GitFacts | null>;

/** What a repository says whatever commits are asked about: where main is, and which commits were reverted. */
interface Repository {
  git: (args: string[]) => Promise<GitRun>;
  mainRefs: string[];
  revertedShas: string[];
}

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
  return gitFactsLoader(options)(repoDir, shas);
}

/**
 * loadGitFacts for many sessions, as an ingest run asks: most sessions share a handful of
 * repositories, so what a repository says regardless of the commits (is it one, its main refs, the
 * whole-history scan for reverts) is asked once per repository for the loader's life, not once per
 * session. Only the ancestry of each session's own commits is asked every time. A failure is not
 * kept: the next session of that repository asks again.
 */
export function gitFactsLoader(options: GitFactsOptions = {}): GitFactsLoader {
  const repositories = new Map<string, Promise<Repository | null>>();
  return async (repoDir, shas) => {
    if (!repoDir) return null;
    let repository = repositories.get(repoDir);
    if (!repository) {
      repository = openRepository(repoDir, options);
      repositories.set(repoDir, repository);
      repository.catch(() => repositories.delete(repoDir));
    }
    const repo = await repository;
    return repo ? commitFacts(repo, shas) : null;
  };
}

async function openRepository(
  repoDir: string,
  options: GitFactsOptions,
): Promise<Repository | null> {
  if (!(await isDirectory(repoDir))) return null;
  const git = (args: string[]) =>
    runGit(options.gitBinary ?? 'git', repoDir, args, options.timeoutMs ?? 10_000);
  const inside = await git(['rev-parse', '--is-inside-work-tree']);
  if (inside.code !== 0 || inside.stdout.trim() !== 'true') return null;

  const mainRefs: string[] = [];
  for (const name of options.mainBranches ?? ['main', 'master']) {
    for (const ref of [`refs/heads/${name}`, `refs/remotes/origin/${name}`]) {
      if ((await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).code === 0)
        mainRefs.push(ref);
    }
  }

  const reverts = await git([
    'log',
    '--all',
    '--format=%B',
    '--fixed-strings',
    '--grep=This reverts commit',
  ]);
  const revertedShas =
    reverts.code === 0 ? [...reverts.stdout.matchAll(REVERT_NOTE)].flatMap((m) => m[1] ?? []) : [];
  return { git, mainRefs, revertedShas };
}

async function commitFacts(
  { git, mainRefs, revertedShas }: Repository,
  shas: readonly string[],
): Promise<GitFacts> {
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
      {
        timeout: timeoutMs,
        maxBuffer: 32 * 1024 * 1024,
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
      },
      (error, stdout) => {
        if (!error) return resolve({ code: 0, stdout });
        const { code, killed } = error as NodeJS.ErrnoException & {
          code?: number | string;
          killed?: boolean;
        };
        if (killed)
          return reject(
            new DependencyError('git', `git ${args[0]} timed out after ${timeoutMs} ms`, {
              cause: error,
            }),
          );
        if (typeof code === 'number') return resolve({ code, stdout });
        reject(new DependencyError('git', `could not run git: ${error.message}`, { cause: error }));
      },
    );
  });
}
