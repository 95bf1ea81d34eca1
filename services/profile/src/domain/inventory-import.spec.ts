import { SHIPPED_INVENTORY_TYPES, categoryScores, mergeCatalog } from '@mnemo/life-inventory';
import {
  importedRatings,
  matchRows,
  normalizeText,
  parseInventoryTable,
  parseRating,
} from './inventory-import';
import { itemAt } from '@mnemo/testing';

describe('life inventory import parsing', () => {
  it('reads ratings marked bold or italic, and plain or out of a scale', () => {
    expect(['**4**', '*4*', '_4_', ' 7 ', '8/10', '2.5'].map(parseRating)).toEqual([
      4, 4, 4, 7, 8, 2.5,
    ]);
    expect(['lots', '', '**', 'four'].map(parseRating)).toEqual([null, null, null, null]);
  });

  it('matches text whatever its quotes, case, emphasis and punctuation', () => {
    expect(normalizeText('I don\u2019t  feel *\u201Csecure\u201D* about money.')).toBe(
      normalizeText('i don\'t feel "secure" about money'),
    );
  });

  it('skips text around tables, separator and header rows, and reads category, item and rating', () => {
    const parsed = parseInventoryTable(
      [
        '# Export',
        '',
        '| Category | Item | Rating |',
        '|:---|---|--:|',
        '| Career | I find my work meaningful. | **8** |',
        'notes',
        '| Item | Score |',
        '| I like where I live. | 6 |',
      ].join('\n'),
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 5, category: 'Career', item: 'I find my work meaningful.', rating: 8 },
        { line: 8, category: null, item: 'I like where I live.', rating: 6 },
      ],
    });
  });

  it('names the line of a malformed row, and refuses content with no rated row', () => {
    expect(parseInventoryTable('| Item | Rating |\n| a | 4 |\n| b | high |')).toEqual({
      ok: false,
      line: 3,
      reason: 'rating "high" is not a number',
    });
    expect(parseInventoryTable('no table here')).toEqual({
      ok: false,
      line: 0,
      reason: 'holds no table row with a rating',
    });
  });

  it('matches rows to the type that knows most of them, reports the rest unmatched and flags a rating off the scale', () => {
    const rows = [
      { line: 1, category: null, item: 'I find my work meaningful', rating: 8 },
      { line: 2, category: null, item: 'Something else', rating: 3 },
      { line: 3, category: null, item: 'I feel secure about money.', rating: 12 },
    ];
    const match = matchRows(SHIPPED_INVENTORY_TYPES, rows);
    expect([match.inventoryType, match.matchedCount, match.unmatchedCount]).toEqual([
      'life-wheel',
      2,
      1,
    ]);
    expect(match.outOfScale?.line).toBe(3);
    expect(importedRatings(match)).toEqual({ 'career.1': 8, 'finances.1': 12 });
    expect(matchRows(SHIPPED_INVENTORY_TYPES, [itemAt(rows, 1)])).toMatchObject({
      inventoryType: null,
      matchedCount: 0,
      unmatchedCount: 1,
    });
  });
});

describe('inventory catalog', () => {
  it('lets an account extend a shipped type and add its own, and scores categories by their mean rating', () => {
    const own = [
      {
        inventoryType: 'life-wheel',
        title: 'My wheel',
        scale: { min: 1, max: 10 },
        categories: [
          {
            id: 'career',
            name: 'Career satisfaction',
            items: [{ id: 'career.3', text: 'I like my team.' }],
          },
        ],
      },
      {
        inventoryType: 'energy',
        title: 'Energy',
        scale: { min: 1, max: 5 },
        categories: [
          { id: 'sleep', name: 'Sleep', items: [{ id: 'sleep.1', text: 'I sleep well.' }] },
        ],
      },
    ];
    const catalog = mergeCatalog(SHIPPED_INVENTORY_TYPES, own);
    expect(catalog.map((t) => t.inventoryType)).toEqual(['life-wheel', 'values', 'energy']);
    const wheel = itemAt(catalog, 0);
    expect(wheel.title).toBe('My wheel');
    expect(wheel.categories.find((c) => c.id === 'career')!.items.map((i) => i.id)).toEqual([
      'career.1',
      'career.2',
      'career.3',
    ]);
    expect(
      categoryScores(wheel, { 'career.1': 8, 'career.2': 5, 'career.3': 5, 'finances.1': 3 }),
    ).toEqual({ 'Career satisfaction': 6, 'Financial stability': 3 });
  });
});
