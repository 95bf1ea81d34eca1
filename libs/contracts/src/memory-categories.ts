/**
 * The Memory Explorer's tabs, in display order. Kept free of zod so the web UI can load the list itself
 * (it imports this file alone, adding no schema library to its bundle).
 */
export const MEMORY_CATEGORIES = [
  'All',
  'Facts',
  'Decisions',
  'Preferences',
  'Relationships',
  'Goals',
  'Values',
  'Events',
  'Insights',
] as const;
export type MemoryCategory = (typeof MEMORY_CATEGORIES)[number];

/** The longest a memory's wording may be: what extraction keeps, what a person may type. */
export const MAX_FACT_CHARS = 400;

/** The shortest search the Explorer runs. */
export const MIN_SEARCH_CHARS = 3;
