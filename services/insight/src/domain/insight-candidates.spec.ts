import { candidates, insightId } from './insight-candidates';

const known = [
  { id: 'career', savedAt: '2026-01-01T00:00:00.000Z' },
  { id: 'values', savedAt: '2026-03-01T00:00:00.000Z' },
];

describe('insight candidates', () => {
  it('names an insight by account, kind and the unordered pair', () => {
    expect(insightId('acct', 'theme', 'career', 'values')).toBe(
      insightId('acct', 'theme', 'values', 'career'),
    );
    expect(insightId('acct', 'theme', 'career', 'values')).not.toBe(
      insightId('acct', 'evolution', 'career', 'values'),
    );
    expect(insightId('acct', 'theme', 'career', 'values')).not.toBe(
      insightId('other', 'theme', 'career', 'values'),
    );
  });

  it('orders the pair older first, drops unknown or self pairs and a second answer of the same kind and pair', () => {
    const found = candidates(
      'acct',
      [
        {
          kind: 'theme',
          summary: ' Both return to family. ',
          artifactA: 'values',
          artifactB: 'career',
        },
        { kind: 'theme', summary: 'Again.', artifactA: 'career', artifactB: 'values' },
        { kind: 'contradiction', summary: 'Unknown.', artifactA: 'career', artifactB: 'nope' },
        { kind: 'evolution', summary: 'Self.', artifactA: 'career', artifactB: 'career' },
      ],
      known,
      new Set(),
    );
    expect(found).toEqual([
      {
        insightId: insightId('acct', 'theme', 'career', 'values'),
        kind: 'theme',
        text: 'Both return to family.',
        artifactA: 'career',
        artifactB: 'values',
      },
    ]);
  });

  it('never returns an insight the person dismissed or deleted, even detected again in other words', () => {
    const suppressed = new Set([insightId('acct', 'theme', 'career', 'values')]);
    expect(
      candidates(
        'acct',
        [{ kind: 'theme', summary: 'New words.', artifactA: 'career', artifactB: 'values' }],
        known,
        suppressed,
      ),
    ).toEqual([]);
  });
});
