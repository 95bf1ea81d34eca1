export * from './event-log.port';
export * from './subject-matches';
export * from './event-log.contract';
export * from './in-process/in-process-event-log';
