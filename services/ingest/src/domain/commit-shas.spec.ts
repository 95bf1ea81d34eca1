import fc from 'fast-check';
import { extractCommitShas } from './commit-shas';

const full = (c: string) => c.repeat(40);

describe('extractCommitShas', () => {
  it('reads the SHA from git commit output, whatever the branch form', () => {
    expect(
      extractCommitShas([
        '[main 1a2b3c4] Fix cart\n 1 file changed',
        '[feature/login-form (root-commit) 9f8e7d6] First',
        '[detached HEAD abcdef1] Try',
      ]),
    ).toEqual(['1a2b3c4', '9f8e7d6', 'abcdef1']);
  });

  it('reads standalone 40-character SHAs but not longer hex runs', () => {
    const sha = 'a'.repeat(20) + 'b'.repeat(20);
    expect(
      extractCommitShas([`HEAD is ${sha}.`, `sha256:${'c'.repeat(64)}`, `x${full('d')}y`]),
    ).toEqual([sha]);
  });

  it('keeps the order of appearance and counts a short and a full form once', () => {
    const long = '1a2b3c4' + 'e'.repeat(33);
    expect(extractCommitShas([`${'f'.repeat(40)} then\n[main 1a2b3c4] msg`, long])).toEqual([
      'f'.repeat(40),
      '1a2b3c4',
    ]);
  });

  it('ignores git log --oneline and the all-zero SHA', () => {
    expect(
      extractCommitShas(['1b6c52f merge round 1\n04752c6 Add intent', '0'.repeat(40)]),
    ).toEqual([]);
  });

  it('never returns more than 20, nor duplicates', () => {
    const hex = fc.string({
      unit: fc.constantFrom(...'0123456789abcdef'),
      minLength: 40,
      maxLength: 40,
    });
    fc.assert(
      fc.property(fc.array(hex, { maxLength: 60 }), (shas) => {
        const found = extractCommitShas([shas.join(' ')]);
        expect(found.length).toBeLessThanOrEqual(20);
        expect(new Set(found).size).toBe(found.length);
      }),
    );
  });
});
