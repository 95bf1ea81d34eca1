import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { extractSymbols } from './extract-symbols';
import {
  BlobReader,
  commitsWithFiles,
  git,
  fileVersions,
  repositoryRoot,
  versionAtOrBefore,
  type FileVersion,
} from './git-history';
import { languageOf } from './languages';
import { driftReport, type DriftReport, type SnapshotPoint } from './render-drift';
import type { FileSymbols } from './snapshot-types';

/**
 * A file larger than this is not parsed: generated or vendored code, whose structure no agent reads,
 * and a parse that would hold up whoever waits (docs/code-symbols.md).
 */
export const MAX_SNAPSHOT_BYTES = 1024 * 1024;

/** One file version's symbols, as `SymbolSnapshotRecorded` carries them, and when it was made. */
export interface LocalSnapshot extends FileSymbols {
  path: string;
  occurredAt: string;
  commit?: string;
  author?: string;
}

export interface SnapshotSkips {
  /** Larger than MAX_SNAPSHOT_BYTES. */
  tooLarge: number;
  /** Not text (a NUL byte), or the parser gave up on it. */
  unreadable: number;
}

const isBinary = (bytes: Buffer) => bytes.subarray(0, 8000).includes(0);

/** The symbols of one version's bytes, or why there are none. */
async function symbolsOf(
  file: string,
  bytes: Buffer,
): Promise<FileSymbols | 'tooLarge' | 'unreadable' | null> {
  const language = languageOf(file);
  if (!language) return null;
  if (bytes.length > MAX_SNAPSHOT_BYTES) return 'tooLarge';
  if (isBinary(bytes)) return 'unreadable';
  try {
    return await extractSymbols(language, bytes.toString('utf8'));
  } catch {
    return 'unreadable';
  }
}

/** Files under `paths` (the whole repository without them) that git tracks and snapshots read. */
export async function trackedSourceFiles(
  root: string,
  paths: readonly string[] = [],
): Promise<string[]> {
  const out = await git(root, ['ls-files', '-z', '--', ...paths]);
  return out.split('\0').filter((file) => file && languageOf(file) !== null);
}

/**
 * Snapshots of the working tree's versions of `files` (paths from the repository root), each
 * stamped with the file's modification time: re-running on unchanged files gives the same snapshots.
 */
export async function workingTreeSnapshots(
  root: string,
  files: readonly string[],
  skips: SnapshotSkips,
): Promise<LocalSnapshot[]> {
  const out: LocalSnapshot[] = [];
  for (const file of files) {
    const full = path.join(root, file);
    let bytes: Buffer;
    let modified: Date;
    try {
      [bytes, modified] = await Promise.all([readFile(full), stat(full).then((s) => s.mtime)]);
    } catch {
      continue; // deleted since it was listed
    }
    const symbols = await symbolsOf(file, bytes);
    if (symbols === null) continue;
    if (typeof symbols === 'string') skips[symbols] += 1;
    else out.push({ ...symbols, path: file, occurredAt: modified.toISOString() });
  }
  return out;
}

/**
 * Snapshots from git's history, so that drift is not forward-only: every version committed since
 * `since` of the files under `paths`, and for each such file its version as of `since` (the
 * baseline a later `drift_since` compares against). Oldest first.
 */
export async function historySnapshots(
  root: string,
  options: { since: Date; paths?: readonly string[] },
  skips: SnapshotSkips,
  onProgress?: (done: number, total: number) => void,
): Promise<LocalSnapshot[]> {
  const commits = await commitsWithFiles(root, options);
  const wanted: FileVersion[] = [];
  const touched = new Set<string>();
  for (const c of commits)
    for (const file of c.paths)
      if (languageOf(file)) {
        wanted.push({ commit: c.commit, at: c.at, author: c.author, path: file });
        touched.add(file);
      }
  const baseline = await git(root, [
    'rev-list',
    '-1',
    `--before=${options.since.toISOString()}`,
    'HEAD',
  ]).catch(() => '');
  const before = baseline.trim();
  const baseVersions: FileVersion[] = [];
  if (before) {
    const [at = '', author = ''] = (await git(root, ['show', '-s', '--format=%cI%x1f%an', before]))
      .trim()
      .split('\x1f');
    const when = new Date(at).toISOString();
    for (const file of touched) baseVersions.push({ commit: before, at: when, author, path: file });
  }
  const reader = new BlobReader(root);
  const out: LocalSnapshot[] = [];
  const all = [...baseVersions, ...wanted];
  try {
    for (const [index, v] of all.entries()) {
      const bytes = await reader.read(v.commit, v.path);
      onProgress?.(index + 1, all.length);
      if (!bytes) continue; // the file did not exist yet at the baseline commit
      const symbols = await symbolsOf(v.path, bytes);
      if (symbols === null) continue;
      if (typeof symbols === 'string') skips[symbols] += 1;
      else
        out.push({
          ...symbols,
          path: v.path,
          occurredAt: v.at,
          commit: v.commit,
          ...(v.author ? { author: v.author } : {}),
        });
    }
  } finally {
    reader.close();
  }
  return out;
}

/**
 * drift_since computed on this machine from git: the file's newest committed version at or before
 * `since` against its version in the working tree (its newest commit when it is not there). No
 * server, no snapshot store: anyone can check the answer against `git diff`.
 */
export async function driftFromGit(
  cwd: string,
  file: string,
  since: { text: string; at: Date },
): Promise<DriftReport> {
  const root = await repositoryRoot(cwd);
  const full = path.resolve(cwd, file);
  if (!root) {
    const current = await pointOfWorkingTree(full, full).catch(() => null);
    return driftReport({ path: file, since: since.text, baseline: null, current });
  }
  const relative = path.relative(root, full).split(path.sep).join('/');
  const versions = await fileVersions(root, relative);
  const version = versionAtOrBefore(versions, since.at);
  const first = versions[0];
  const newest = versions[versions.length - 1];
  const reader = new BlobReader(root);
  try {
    const baseline = version ? await pointOfVersion(reader, version) : null;
    const current =
      (await pointOfWorkingTree(full, relative).catch(() => null)) ??
      (newest ? await pointOfVersion(reader, newest) : null);
    return driftReport({
      path: relative,
      since: since.text,
      baseline,
      current,
      ...(first ? { firstAt: first.at } : {}),
    });
  } finally {
    reader.close();
  }
}

async function pointOfVersion(reader: BlobReader, v: FileVersion): Promise<SnapshotPoint | null> {
  const bytes = await reader.read(v.commit, v.path);
  const symbols = bytes && (await symbolsOf(v.path, bytes));
  if (!symbols || typeof symbols === 'string') return null;
  return { at: v.at, commit: v.commit, contentHash: symbols.contentHash, symbols: symbols.symbols };
}

async function pointOfWorkingTree(full: string, name: string): Promise<SnapshotPoint | null> {
  const [bytes, info] = await Promise.all([readFile(full), stat(full)]);
  const symbols = await symbolsOf(name, bytes);
  if (symbols === 'tooLarge')
    throw new Error(`${name} is larger than ${MAX_SNAPSHOT_BYTES} bytes: not parsed`);
  if (!symbols || typeof symbols === 'string') return null;
  return {
    at: info.mtime.toISOString(),
    contentHash: symbols.contentHash,
    symbols: symbols.symbols,
  };
}

/**
 * A symbol of a file on this machine by its name (`name`, or `Parent.name` for a member): where it
 * sits and its body's hash. Null when the file, its language or the symbol is not there.
 */
export async function symbolInFile(
  file: string,
  symbol: string,
): Promise<{ startLine: number; endLine: number; bodyHash: string } | null> {
  const language = languageOf(file);
  if (!language) return null;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile() || info.size > MAX_SNAPSHOT_BYTES) return null;
  const { symbols } = await extractSymbols(language, await readFile(file, 'utf8'));
  const wanted = symbol.trim().replace(/\(\)$/, '');
  const found =
    symbols.find((s) => (s.parent ? `${s.parent}.${s.name}` : s.name) === wanted) ??
    symbols.find((s) => s.name === wanted);
  return found
    ? { startLine: found.startLine, endLine: found.endLine, bodyHash: found.bodyHash }
    : null;
}
