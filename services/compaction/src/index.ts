export * from './domain/compaction-prompt';
export * from './domain/compaction-outcome';
export * from './domain/compaction-telemetry';
export * from './projections/compaction.projection';
export { CompactionReactorsModule } from './compaction-reactors.module';
export { CompactionApiModule } from './api/compaction-api.module';
export { loadCompactionConfig, CompactionEnv, type CompactionConfig } from './compaction.config';
