export * from './domain/compaction-input';
export * from './domain/compaction-outcome';
export * from './domain/compaction-telemetry';
