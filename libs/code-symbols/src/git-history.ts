import { execFile, spawn } from 'node:child_process';

/** One version of a file in git's history: the commit that made it, when, by whom, and its path then. */
export interface FileVersion {
  commit: string;
  /** The commit's time (committer date), ISO 8601. */
  at: string;
  author: string;
  path: string;
}

/** Runs git in `cwd` and gives its stdout; a failure names the command and git's own words. */
export function git(cwd: string, args: string[], maxBuffer = 256 * 1024 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      args,
      { cwd, maxBuffer, windowsHide: true, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error)
          reject(
            new Error(`git ${args[0]} failed: ${(stderr || error.message).trim().split('\n')[0]}`),
          );
        else resolve(stdout);
      },
    );
  });
}

/** The repository's top folder for `cwd`, or null outside one. */
export async function repositoryRoot(cwd: string): Promise<string | null> {
  try {
    return (await git(cwd, ['rev-parse', '--show-toplevel'])).trim() || null;
  } catch {
    return null;
  }
}

const FIELD = '\x1f';
const RECORD = '\x1e';
const LOG_FORMAT = `--format=${RECORD}%H${FIELD}%cI${FIELD}%an`;

/**
 * Parses `git log --format=<RECORD>%H<FIELD>%cI<FIELD>%an --name-status` into commits with the paths
 * each touched (the new path of a rename; deletions left out, since nothing can be read of them).
 */
export function parseLogWithNames(
  out: string,
): { commit: string; at: string; author: string; paths: string[] }[] {
  const commits = [];
  for (const record of out.split(RECORD)) {
    if (!record.trim()) continue;
    const [head = '', ...rest] = record.split('\n');
    const [commit = '', at = '', author = ''] = head.split(FIELD);
    const paths: string[] = [];
    for (const line of rest) {
      if (!line) continue;
      const parts = line.split('\t');
      const status = parts[0] ?? '';
      if (status.startsWith('D')) continue;
      const path = parts[parts.length - 1];
      if (path) paths.push(path);
    }
    commits.push({ commit, at: new Date(at).toISOString(), author, paths });
  }
  return commits;
}

/**
 * Every commit since `since` (all of history without it) with the files it added or changed,
 * oldest first, from one `git log`. `paths` limit it to those files or folders.
 */
export async function commitsWithFiles(
  root: string,
  options: { since?: Date; paths?: readonly string[] } = {},
): Promise<{ commit: string; at: string; author: string; paths: string[] }[]> {
  const args = ['log', '--reverse', '--no-merges', '-M', '--name-status', LOG_FORMAT];
  if (options.since) args.push(`--since=${options.since.toISOString()}`);
  args.push('--', ...(options.paths ?? []));
  return parseLogWithNames(await git(root, args));
}

/** Of a file's versions (oldest first), the newest committed at or before `at`, or null when none is that old. */
export function versionAtOrBefore(versions: readonly FileVersion[], at: Date): FileVersion | null {
  const limit = at.getTime();
  let version: FileVersion | null = null;
  for (const v of versions) if (new Date(v.at).getTime() <= limit) version = v;
  return version;
}

/** Every committed version of `path`, oldest first, following renames (`git log --follow`). */
export async function fileVersions(root: string, path: string): Promise<FileVersion[]> {
  const out = await git(root, ['log', '--follow', '-M', '--name-status', LOG_FORMAT, '--', path]);
  return parseLogWithNames(out)
    .filter((c) => c.paths.length > 0)
    .map((c) => ({ commit: c.commit, at: c.at, author: c.author, path: c.paths[0] ?? path }))
    .reverse();
}

/**
 * Reads blobs by `commit:path` through one `git cat-file --batch` process: a history of thousands of
 * versions costs one process, not one per version. Call `close()` when done.
 */
export class BlobReader {
  private readonly child;
  private buffer: Buffer = Buffer.alloc(0);
  private readonly waiting: {
    resolve: (text: Buffer | null) => void;
    reject: (error: Error) => void;
  }[] = [];
  private failure: Error | null = null;

  constructor(root: string) {
    this.child = spawn('git', ['cat-file', '--batch'], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.drain();
    });
    this.child.on('error', (error) => this.fail(error));
    this.child.on('close', () => this.fail(new Error('git cat-file stopped')));
  }

  /** The blob's bytes, or null when `commit:path` names nothing. */
  read(commit: string, path: string): Promise<Buffer | null> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.child.stdin.write(`${commit}:${path}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
  }

  private drain() {
    for (;;) {
      const next = this.waiting[0];
      if (!next) return;
      const newline = this.buffer.indexOf(10);
      if (newline < 0) return;
      const header = this.buffer.subarray(0, newline).toString('utf8');
      if (header.endsWith(' missing') || header.endsWith(' ambiguous')) {
        this.buffer = this.buffer.subarray(newline + 1);
        this.waiting.shift();
        next.resolve(null);
        continue;
      }
      const size = Number(header.split(' ')[2]);
      // the blob, then a newline of git's own
      if (this.buffer.length < newline + 1 + size + 1) return;
      const blob = Buffer.from(this.buffer.subarray(newline + 1, newline + 1 + size));
      this.buffer = this.buffer.subarray(newline + 1 + size + 1);
      this.waiting.shift();
      next.resolve(blob);
    }
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const w of this.waiting.splice(0)) w.reject(this.failure);
  }
}
