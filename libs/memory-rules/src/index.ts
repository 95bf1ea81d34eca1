/**
 * @mnemo/memory-rules: what memory's events mean, for every read model built from them (memory's own,
 * and the context service's copy of the facts and plans it serves). Pure: no I/O, no clock, no ids.
 * Sensitivity decides which facts need the health module; confirmation what "(confirmed)" means; the lifecycles fold plan and proposal events.
 */
export * from './sensitivity';
export * from './confirmation';
export * from './plan-lifecycle';
export * from './day-series';
export * from './proposal-lifecycle';
