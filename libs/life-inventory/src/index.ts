/**
 * @mnemo/life-inventory: the life inventory's pure rules (docs/profile.md), shared by profile (which serves
 * the inventory and its summary) and context (which puts the summary in a coaching session's CLAUDE.md
 * from its own projection of the same events): the shipped catalog and its per-account extension,
 * category scores, and the ≤ 800-character summary with its trend line.
 */
export * from './inventory-catalog';
export * from './inventory-summary';
