import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DependencyError } from '@mnemo/contracts';
import { listTranscriptFiles, listTranscriptPath } from './transcript-files';

describe('listTranscriptFiles', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'mnemo-list-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const file = async (relative: string, mtime: string) => {
    const full = path.join(root, relative);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, '{}\n');
    await utimes(full, new Date(mtime), new Date(mtime));
    return full;
  };

  it('finds session, sibling-agent and nested subagent files, oldest first, and nothing else', async () => {
    const b = await file('-p/b.jsonl', '2026-01-02T00:00:00Z');
    const a = await file('-p/agent-1.jsonl', '2026-01-01T00:00:00Z');
    const c = await file('-p/b/subagents/agent-x.jsonl', '2026-01-03T00:00:00Z');
    await file('-p/b/subagents/agent-x.meta.json', '2026-01-03T00:00:00Z');
    const listing = await listTranscriptFiles(root);
    expect(listing.files.map((f) => f.path)).toEqual([a, b, c]);
  });

  it('keeps only files modified at or after the given time', async () => {
    await file('-p/old.jsonl', '2026-01-01T00:00:00Z');
    const edge = await file('-p/edge.jsonl', '2026-01-02T00:00:00Z');
    const listing = await listTranscriptFiles(root, Date.parse('2026-01-02T00:00:00Z'));
    expect(listing.files.map((f) => f.path)).toEqual([edge]);
  });

  it('does not follow a directory link back into the tree', async () => {
    await file('-p/s.jsonl', '2026-01-01T00:00:00Z');
    await symlink(root, path.join(root, '-p', 'loop'));
    expect((await listTranscriptFiles(root)).files).toHaveLength(1);
  });

  it('counts a file it cannot stat (a dangling link) and goes on', async () => {
    const ok = await file('-p/s.jsonl', '2026-01-01T00:00:00Z');
    await symlink(path.join(root, 'nowhere.jsonl'), path.join(root, '-p', 'dangling.jsonl'));
    await expect(listTranscriptFiles(root)).resolves.toEqual({
      skipped: 1,
      files: [expect.objectContaining({ path: ok })],
    });
  });

  it('fails with a dependency error when the root is missing', async () => {
    await expect(listTranscriptFiles(path.join(root, 'gone'))).rejects.toBeInstanceOf(
      DependencyError,
    );
  });

  it('takes a single file as its own listing', async () => {
    const one = await file('-p/one.jsonl', '2026-01-01T00:00:00Z');
    await expect(listTranscriptPath(one)).resolves.toEqual({
      files: [expect.objectContaining({ path: one })],
      skipped: 0,
    });
  });
});
