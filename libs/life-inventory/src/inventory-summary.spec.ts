import { lifeInventorySummary, trendLine, type CompletedTake } from './inventory-summary';
import { itemAt } from '@mnemo/testing';

const take = (
  inventoryType: string,
  completedAt: string,
  scores: Record<string, number>,
  title = 'Wheel',
): CompletedTake => ({ inventoryType, title, completedAt, scores });

describe('life inventory summary', () => {
  const wheel = [
    take('wheel', '2026-11-01T00:00:00Z', {
      'Career satisfaction': 4,
      'Financial stability': 7,
      Health: 5,
    }),
    take('wheel', '2026-12-01T00:00:00Z', {
      'Career satisfaction': 6,
      'Financial stability': 5,
      Health: 6,
    }),
  ];

  it('lists categories that moved by 2 or more between the two latest takes, improved then worsened', () => {
    expect(trendLine([wheel])).toBe(
      'Trends since last take: Career satisfaction improved; Financial stability worsened',
    );
  });

  it('compares only the two latest takes, whatever order they come in', () => {
    const older = take('wheel', '2026-01-01T00:00:00Z', {
      'Career satisfaction': 1,
      'Financial stability': 1,
      Health: 1,
    });
    expect(trendLine([[itemAt(wheel, 1), older, itemAt(wheel, 0)]])).toBe(
      'Trends since last take: Career satisfaction improved; Financial stability worsened',
    );
  });

  it('names a category once even when two inventory types cover it', () => {
    const values = [
      take('values', '2026-11-01T00:00:00Z', { 'Career satisfaction': 9 }, 'Values'),
      take('values', '2026-12-01T00:00:00Z', { 'Career satisfaction': 2 }, 'Values'),
    ];
    expect(trendLine([wheel, values])).toBe(
      'Trends since last take: Career satisfaction improved; Financial stability worsened',
    );
  });

  it('has no trend line with a single take or nothing that moved enough', () => {
    expect(trendLine([[itemAt(wheel, 0)]])).toBeNull();
    expect(
      trendLine([
        [
          itemAt(wheel, 0),
          take('wheel', '2026-12-01T00:00:00Z', {
            'Career satisfaction': 5,
            'Financial stability': 6,
          }),
        ],
      ]),
    ).toBeNull();
  });

  it('summarizes the latest take of each type with the trend line when it fits', () => {
    expect(lifeInventorySummary([wheel])).toBe(
      'Wheel (2026-12-01): Career satisfaction 6, Financial stability 5, Health 6\nTrends since last take: Career satisfaction improved; Financial stability worsened',
    );
  });

  it('drops the trend line first when it would pass the cap, then hard-truncates the base with …', () => {
    const base = 'Wheel (2026-12-01): Career satisfaction 6, Financial stability 5, Health 6';
    expect(lifeInventorySummary([wheel], base.length + 5)).toBe(base);
    expect(lifeInventorySummary([wheel], base.length)).toBe(base);
    const cut = lifeInventorySummary([wheel], 20);
    expect(cut).toBe(`${base.slice(0, 19)}…`);
    expect(cut).toHaveLength(20);
  });

  it('is empty with no completed take', () => {
    expect(lifeInventorySummary([])).toBe('');
  });
});
