/**
 * @mnemo/coding-talk: what a person settles in coding talk (decisions, conventions, rejected approaches,
 * ways of working), read from their own words, zero-LLM. Pure: no I/O, no clock, no ids. Recall stores a
 * session's settled statements once (docs/coding-memory.md); the hooks load this without the services.
 */
export * from './settled-statements';
