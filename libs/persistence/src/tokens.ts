/** Nest injection tokens for the shared infrastructure (the EventLog's is EVENT_LOG in @mnemo/eventing). */
export const DATA_SOURCE = 'DATA_SOURCE';
export const PROJECTIONS = 'PROJECTIONS';
/** The environment the platform started with, for each service's own config parser (read once, at start). */
export const ENVIRONMENT = 'ENVIRONMENT';
export type Environment = Readonly<Record<string, string | undefined>>;
