import { GitFacts, inferOutcome } from './infer-outcome';

const git = (onMain: string[], reverted: string[] = []): GitFacts => ({
  isOnMainBranch: (sha) => onMain.includes(sha),
  isReverted: (sha) => reverted.includes(sha),
});
const base = {
  commitShas: ['abc1234'],
  filesEdited: ['/r/a.ts'],
  endedAt: '2026-01-01T00:00:00Z',
  now: '2026-01-20T00:00:00Z',
};

describe('inferOutcome', () => {
  it.each([
    ['no repository on this machine', { ...base, git: null }, 'unknown'],
    ['a commit on main', { ...base, git: git(['abc1234']) }, 'merged'],
    [
      'a commit later reverted, even though it reached main',
      { ...base, git: git(['abc1234'], ['abc1234']) },
      'reverted',
    ],
    ['a commit only on a branch', { ...base, git: git([]) }, 'unknown'],
    ['edits never committed, 19 days on', { ...base, commitShas: [], git: git([]) }, 'abandoned'],
    [
      'edits never committed, 6 days on',
      { ...base, commitShas: [], now: '2026-01-07T00:00:00Z', git: git([]) },
      'unknown',
    ],
    [
      'edits never committed, exactly 7 days on',
      { ...base, commitShas: [], now: new Date('2026-01-08T00:00:00Z'), git: git([]) },
      'abandoned',
    ],
    [
      'no edits and no commits',
      { ...base, commitShas: [], filesEdited: [], git: git([]) },
      'unknown',
    ],
    [
      'uncommitted edits but no clock',
      { ...base, commitShas: [], now: undefined, git: git([]) },
      'unknown',
    ],
    [
      'uncommitted edits but no end time',
      { ...base, commitShas: [], endedAt: undefined, git: git([]) },
      'unknown',
    ],
  ])('%s → %s', (_name, input, expected) => {
    expect(inferOutcome(input)).toBe(expected);
  });
});
