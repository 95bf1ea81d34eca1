import { buildRollingRecallLine, RECALL_HEADLINE_CHARS } from './rolling-recall';

describe('buildRollingRecallLine', () => {
  it('recalls the prior narrative, up to four drivers, and only the measures that changed band', () => {
    const line = buildRollingRecallLine({
      periodLabel: 'Last month',
      narrative: {
        headline: 'Sleep got shorter\nas work got busier.',
        drivers: ['a', 'b', 'c', 'd', 'e'],
      },
      movements: [
        { metric: 'weight', priorBand: 'in', currentBand: 'in' },
        { metric: 'resting heart rate', priorBand: 'in', currentBand: 'above' },
      ],
    });
    expect(line).toBe(
      'Last month: Sleep got shorter as work got busier. Drivers: a; b; c; d. Since then: resting heart rate moved from within its usual range to above its usual range.',
    );
  });

  it('caps a verbose narrative', () => {
    const line = buildRollingRecallLine({
      periodLabel: 'Last month',
      narrative: { headline: 'z'.repeat(900), drivers: [] },
      movements: [],
    })!;
    expect(line).toBe(`Last month: ${'z'.repeat(RECALL_HEADLINE_CHARS)}…`);
  });

  it('is null when there is neither a narrative nor a movement', () => {
    expect(
      buildRollingRecallLine({
        periodLabel: 'Last month',
        narrative: null,
        movements: [{ metric: 'hr', priorBand: 'in', currentBand: 'in' }],
      }),
    ).toBeNull();
  });
});
