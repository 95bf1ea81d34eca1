import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { LifeInventoryTake } from '../../types';
import { completedTakes, ResultsTab, scoreChange, scoreRows } from './ResultsTab';

const take = (
  takeId: string,
  completedAt: string | null,
  scores: Record<string, number> | null,
): LifeInventoryTake => ({
  takeId,
  inventoryType: 'values',
  status: completedAt ? 'completed' : 'in_progress',
  imported: false,
  scores,
  startedAt: '2026-11-01T12:00:00.000Z',
  completedAt,
});

describe('life inventory results', () => {
  it('signs a category’s change to one decimal, and has none without a previous take', () => {
    expect(scoreChange({ name: 'Family', score: 4.25, before: 3 })).toBe('+1.3');
    expect(scoreChange({ name: 'Family', score: 2, before: 3.5 })).toBe('-1.5');
    expect(scoreChange({ name: 'Family', score: 3, before: 3 })).toBe('0');
    expect(scoreChange({ name: 'Family', score: 3, before: undefined })).toBe('—');
  });

  it('reads completed takes with scores only, newest first', () => {
    const takes = [
      take('old', '2026-11-02T12:00:00.000Z', { Family: 3 }),
      take('open', null, null),
      take('new', '2026-11-20T12:00:00.000Z', { Family: 4 }),
    ];
    expect(completedTakes(takes).map((t) => t.takeId)).toEqual(['new', 'old']);
  });

  it('sets each score beside the previous take’s score of the same category', () => {
    const latest = take('new', '2026-11-20T12:00:00.000Z', { Family: 4, Health: 2 });
    const previous = take('old', '2026-11-02T12:00:00.000Z', { Family: 3 });
    expect(scoreRows(latest, previous)).toEqual([
      { name: 'Family', score: 4, before: 3 },
      { name: 'Health', score: 2, before: undefined },
    ]);
  });

  it('says there is nothing to show before a take is completed', () => {
    expect(
      renderToStaticMarkup(
        <ResultsTab catalog={[]} takes={[take('open', null, null)]} trend={null} />,
      ),
    ).toContain('No completed takes yet');
  });
});
