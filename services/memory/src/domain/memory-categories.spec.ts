import { FactType } from '@mnemo/contracts';
import {
  categoryOf,
  contextGroupOf,
  countByCategory,
  factTypeForNewMemory,
  factTypesIn,
  MEMORY_CATEGORIES,
} from './memory-categories';

describe('memory categories', () => {
  it('lists the Explorer tabs in order', () => {
    expect(MEMORY_CATEGORIES).toEqual([
      'All',
      'Facts',
      'Decisions',
      'Preferences',
      'Relationships',
      'Goals',
      'Values',
      'Events',
      'Insights',
    ]);
  });

  it('gives every fact type one tab, a plain fact the Facts tab and every other type a tab of its own', () => {
    const tabs = FactType.options.map(categoryOf);
    expect(new Set(tabs).size).toBe(FactType.options.length);
    expect(categoryOf('fact')).toBe('Facts');
    for (const type of FactType.options.filter((t) => t !== 'fact'))
      expect(factTypesIn(categoryOf(type))).toEqual([type]);
  });

  it('groups fact, value, event and insight under Facts', () => {
    expect(factTypesIn('Facts')).toEqual(['fact', 'value', 'event', 'insight']);
    expect(factTypesIn('All').sort()).toEqual([...FactType.options].sort());
  });

  it('counts each tab, All once per fact, and Facts over its three types', () => {
    const counts = countByCategory([
      { factType: 'goal' },
      { factType: 'goal' },
      { factType: 'event' },
      { factType: 'value' },
      { factType: 'relationship' },
      { factType: 'fact' },
    ]);
    expect(counts).toEqual({
      All: 6,
      Facts: 3,
      Decisions: 0,
      Preferences: 0,
      Relationships: 1,
      Goals: 2,
      Values: 1,
      Events: 1,
      Insights: 0,
    });
  });

  it('files a memory added under All or Facts as a plain fact, and under a tab as its type', () => {
    expect(factTypeForNewMemory('All')).toBe('fact');
    expect(factTypeForNewMemory('Facts')).toBe('fact');
    expect(factTypeForNewMemory('Preferences')).toBe('preference');
  });

  it('uses the same Facts heading for CLAUDE.md Personal Context', () => {
    expect(contextGroupOf('insight')).toBe('Facts');
    expect(contextGroupOf('fact')).toBe('Facts');
    expect(contextGroupOf('relationship')).toBe('Relationships');
  });
});
