import { detectInsights } from './detect-insights';

const artifact = (id: string, savedAt: string, content: string) => ({
  id,
  title: id,
  savedAt: `${savedAt}T00:00:00Z`,
  content,
});

describe('detectInsights (offline)', () => {
  const spring = artifact(
    'spring',
    '2026-03-01',
    'I want to stay at the bank for the pension. The bank gives my family stability.',
  );

  it('finds a recurring theme by the topics two artifacts name, older artifact first', () => {
    const autumn = artifact(
      'autumn',
      '2026-09-01',
      'The pension is why I stay at the bank. My family comes first.',
    );
    expect(detectInsights(autumn, [spring])).toEqual([
      {
        kind: 'theme',
        summary: 'Both come back to bank and pension.',
        artifactA: 'spring',
        artifactB: 'autumn',
      },
    ]);
  });

  it('calls opposite statements on one topic an evolution when the newer one marks a change', () => {
    const autumn = artifact('autumn', '2026-09-01', 'I no longer want to stay at the bank.');
    expect(detectInsights(autumn, [spring])).toContainEqual({
      kind: 'evolution',
      summary:
        'On bank, the stance moved from "I want to stay at the bank for the pension" to "I no longer want to stay at the bank".',
      artifactA: 'spring',
      artifactB: 'autumn',
    });
  });

  it('calls opposite statements on one topic a contradiction when nothing marks a change', () => {
    const autumn = artifact('autumn', '2026-09-01', "I don't want to stay at the bank.");
    const found = detectInsights(autumn, [spring]);
    // one shared topic (the bank) is no theme: "stay" is a word both use, not a topic
    expect(found.map((i) => i.kind)).toEqual(['contradiction']);
    expect(found[0]?.summary).toBe(
      'On bank, "I want to stay at the bank for the pension" pulls against "I don\'t want to stay at the bank".',
    );
  });

  it('names no theme from time and filler words two artifacts happen to share', () => {
    const older = artifact(
      'older',
      '2026-01-01',
      'For years I have had no time. Every week is a lot.',
    );
    const newer = artifact(
      'newer',
      '2026-02-01',
      'In two years I want more time each week, a lot more.',
    );
    expect(detectInsights(newer, [older])).toEqual([]);
  });

  it('needs two shared topic words: one common word is no contradiction', () => {
    const other = artifact('other', '2026-09-01', 'I never cook at the weekend.');
    expect(
      detectInsights(other, [
        artifact('x', '2026-01-01', 'I want a bank job near the weekend market.'),
      ]),
    ).toEqual([]);
  });

  it('compares the focus with each other artifact only, and the same input gives the same answer', () => {
    const a = artifact('a', '2026-01-01', 'Running keeps me calm. Running with friends matters.');
    const b = artifact('b', '2026-02-01', 'Running with friends fills my weekends.');
    const c = artifact('c', '2026-03-01', 'Running with friends is my favourite thing.');
    const first = detectInsights(c, [a, b]);
    expect(first.map((i) => [i.artifactA, i.artifactB])).toEqual([
      ['a', 'c'],
      ['b', 'c'],
    ]);
    expect(detectInsights(c, [b, a])).toEqual(first);
  });
});
