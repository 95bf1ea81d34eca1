/**
 * A light door to Claude Code's wrapper rules alone, for code a hook loads: the main door also
 * loads zod and every event schema.
 */
export * from './src/claude-code-wrappers';
