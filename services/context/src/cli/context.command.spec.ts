import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeFileAtomically } from './context.command';

describe('writeFileAtomically', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mnemo-atomic-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('creates a missing directory and leaves only the target behind', async () => {
    const file = path.join(dir, 'Claude', 'ai-coaching', 'CLAUDE.md');
    await writeFileAtomically(file, '# hello\n');
    expect(await readFile(file, 'utf8')).toBe('# hello\n');
    expect(await readdir(path.dirname(file))).toEqual(['CLAUDE.md']);
  });

  it('replaces an existing file whole', async () => {
    const file = path.join(dir, 'CLAUDE.md');
    await writeFile(file, 'old and longer text\n');
    await writeFileAtomically(file, 'new\n');
    expect(await readFile(file, 'utf8')).toBe('new\n');
    expect(await readdir(dir)).toEqual(['CLAUDE.md']);
  });
});
