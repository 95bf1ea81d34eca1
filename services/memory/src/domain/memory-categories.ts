import type { FactTypeName } from './memory-fact';

import { MEMORY_CATEGORIES, type MemoryCategory } from '@mnemo/contracts';

/** The Memory Explorer's tabs, in display order: a contract shared with the web UI. */
export { MEMORY_CATEGORIES, type MemoryCategory };

/** Each fact type has its own tab. */
const TAB_OF: Record<FactTypeName, Exclude<MemoryCategory, 'All'>> = {
  decision: 'Decisions',
  preference: 'Preferences',
  relationship: 'Relationships',
  goal: 'Goals',
  value: 'Values',
  event: 'Events',
  insight: 'Insights',
  fact: 'Facts',
};

/**
 * "Facts" is our choice of meaning: what the person is or has lived, rather than what they want,
 * chose, like or who they know — the fact, value, event and insight types. It is the same "Facts" group the
 * Personal Context section of CLAUDE.md uses (docs/context.md), so a fact sits under the same heading in both
 * places; value, event and insight also keep their own finer tabs. A memory added under "Facts" or "All"
 * is a plain fact.
 */
export const FACTS_GROUP: readonly FactTypeName[] = ['fact', 'value', 'event', 'insight'];

export const categoryOf = (factType: FactTypeName): Exclude<MemoryCategory, 'All'> =>
  TAB_OF[factType];

/** The fact types a tab lists. */
export function factTypesIn(category: MemoryCategory): FactTypeName[] {
  if (category === 'All') return Object.keys(TAB_OF) as FactTypeName[];
  if (category === 'Facts') return [...FACTS_GROUP];
  return (Object.keys(TAB_OF) as FactTypeName[]).filter((t) => TAB_OF[t] === category);
}

/** The type a manually added memory takes under the active tab ("All" defaults to Facts). */
export function factTypeForNewMemory(category: MemoryCategory): FactTypeName {
  if (category === 'All' || category === 'Facts') return 'fact';
  return factTypesIn(category)[0] ?? 'fact';
}

/** The Personal Context heading a fact is grouped under in CLAUDE.md: Facts / Goals / Preferences / Decisions / Relationships. */
export function contextGroupOf(
  factType: FactTypeName,
): 'Facts' | 'Goals' | 'Preferences' | 'Decisions' | 'Relationships' {
  return FACTS_GROUP.includes(factType)
    ? 'Facts'
    : (TAB_OF[factType] as 'Goals' | 'Preferences' | 'Decisions' | 'Relationships');
}

/** Per-tab counts for the Explorer; "All" counts every fact once, "Facts" counts its three types. */
export function countByCategory(
  facts: readonly { factType: FactTypeName }[],
): Record<MemoryCategory, number> {
  const counts = Object.fromEntries(MEMORY_CATEGORIES.map((c) => [c, 0])) as Record<
    MemoryCategory,
    number
  >;
  for (const fact of facts) {
    counts.All++;
    const tab = TAB_OF[fact.factType];
    counts[tab]++;
    if (tab !== 'Facts' && FACTS_GROUP.includes(fact.factType)) counts.Facts++;
  }
  return counts;
}
