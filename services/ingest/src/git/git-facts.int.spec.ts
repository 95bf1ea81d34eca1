import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inferOutcome } from '../domain/infer-outcome';
import { gitFactsLoader, loadGitFacts } from './git-facts';

describe('loadGitFacts (real git repository)', () => {
  let repo: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repo, ...args], {
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@t',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@t',
      },
    }).trim();
  const commit = (file: string, text: string, message: string) => {
    writeFileSync(join(repo, file), text);
    git('add', file);
    git('commit', '-q', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  let merged: string;
  let reverted: string;
  let branchOnly: string;

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'mnemo-git-facts-'));
    git('init', '-q', '-b', 'main');
    commit('a.txt', 'a', 'first');
    merged = commit('b.txt', 'b', 'add b');
    reverted = commit('c.txt', 'c', 'add c');
    git('revert', '--no-edit', reverted);
    git('checkout', '-q', '-b', 'feature');
    branchOnly = commit('d.txt', 'd', 'add d on a branch');
    git('checkout', '-q', 'main');
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('knows which commits reached main, by full or short SHA', async () => {
    const facts = await loadGitFacts(repo, [merged, reverted.slice(0, 7), branchOnly, 'deadbee']);
    expect(facts).not.toBeNull();
    expect(facts!.isOnMainBranch(merged)).toBe(true);
    expect(facts!.isOnMainBranch(reverted.slice(0, 7))).toBe(true);
    expect(facts!.isOnMainBranch(branchOnly)).toBe(false);
    expect(facts!.isOnMainBranch('deadbee')).toBe(false);
  });

  it('knows which commits a later commit reverted', async () => {
    const facts = await loadGitFacts(repo, [merged, reverted]);
    expect(facts!.isReverted(reverted)).toBe(true);
    expect(facts!.isReverted(reverted.slice(0, 7))).toBe(true);
    expect(facts!.isReverted(merged)).toBe(false);
  });

  it('feeds inferOutcome: merged, reverted, or unknown for a branch-only commit', async () => {
    const facts = await loadGitFacts(repo, [merged, reverted, branchOnly]);
    const infer = (sha: string) =>
      inferOutcome({ commitShas: [sha], filesEdited: ['b.txt'], git: facts });
    expect([infer(merged), infer(reverted), infer(branchOnly)]).toEqual([
      'merged',
      'reverted',
      'unknown',
    ]);
  });

  it('treats master as main when there is no main branch', async () => {
    git('branch', '-m', 'main', 'master');
    try {
      const facts = await loadGitFacts(repo, [merged]);
      expect(facts!.isOnMainBranch(merged)).toBe(true);
    } finally {
      git('branch', '-m', 'master', 'main');
    }
  });

  it('answers null when the directory is missing or not a repository', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'mnemo-not-a-repo-'));
    try {
      await expect(loadGitFacts(join(repo, 'does-not-exist'), [merged])).resolves.toBeNull();
      await expect(loadGitFacts(undefined, [merged])).resolves.toBeNull();
      await expect(loadGitFacts(plain, [merged])).resolves.toBeNull();
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });

  it('never passes something that is not a SHA to git', async () => {
    const facts = await loadGitFacts(repo, ['--all', 'HEAD']);
    expect(facts!.isOnMainBranch('--all')).toBe(false);
    expect(facts!.isReverted('HEAD')).toBe(false);
  });

  it('reports a missing git binary as a dependency error', async () => {
    await expect(
      loadGitFacts(repo, [merged], { gitBinary: '/nonexistent/git' }),
    ).rejects.toMatchObject({ code: 'dependency_unavailable' });
  });

  it('asks a repository about main and reverts once per loader, and each session about its own commits', async () => {
    // git behind a wrapper that notes each command it runs
    const bin = mkdtempSync(join(tmpdir(), 'mnemo-git-wrapper-'));
    try {
      const calls = join(bin, 'calls');
      const wrapper = join(bin, 'git');
      writeFileSync(wrapper, `#!/bin/sh\necho "$3" >> '${calls}'\nexec git "$@"\n`);
      chmodSync(wrapper, 0o755);
      const load = gitFactsLoader({ gitBinary: wrapper });
      const first = await load(repo, [merged]);
      const second = await load(repo, [branchOnly, reverted]);
      expect([
        first!.isOnMainBranch(merged),
        second!.isOnMainBranch(branchOnly),
        second!.isReverted(reverted),
      ]).toEqual([true, false, true]);
      const commands = readFileSync(calls, 'utf8').trim().split('\n');
      expect(commands.filter((c) => c === 'log')).toHaveLength(1);
      expect(commands.filter((c) => c === 'merge-base')).toHaveLength(3);
      await expect(load(join(repo, 'does-not-exist'), [merged])).resolves.toBeNull();
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });
});
