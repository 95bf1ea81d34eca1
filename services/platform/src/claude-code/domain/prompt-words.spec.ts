import { identifierWords, weightedQuery } from './prompt-words';

describe('identifierWords', () => {
  it('finds files, packages, symbols and flags, not everyday words', () => {
    expect(
      identifierWords(
        'Should lodash-es go in src/contracts/orders.ts? Use node:test, PricingService, for_each and --verbose here.',
      ),
    ).toEqual(
      expect.arrayContaining([
        'src/contracts/orders.ts',
        'node:test',
        'PricingService',
        'for_each',
        '--verbose',
      ]),
    );
    expect(identifierWords('Which package manager should I use here, yarn or pnpm?')).toEqual([]);
  });

  it('puts the identifiers first in the recall question', () => {
    expect(weightedQuery('Where is useFilters defined?', 500)).toBe(
      'useFilters Where is useFilters defined?',
    );
    expect(weightedQuery('plain words only', 500)).toBe('plain words only');
    expect(weightedQuery('x'.repeat(900), 500)).toHaveLength(500);
  });
});
