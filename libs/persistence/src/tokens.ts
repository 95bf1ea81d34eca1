/** Nest injection tokens for the shared infrastructure (the EventLog's is EVENT_LOG in @mnemo/eventing). */
export const DATA_SOURCE = 'DATA_SOURCE';
export const PROJECTIONS = 'PROJECTIONS';
