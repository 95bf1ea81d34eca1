export * from './domain/compaction-input';
export * from './domain/compaction-outcome';
export * from './domain/compaction-telemetry';
export * from './projections/compaction.projection';
export { readSessionTurns, type TurnWindow } from './reactors/session-turns';
export { CompactionModule } from './compaction-reactors.module';
export { CompactionApiModule } from './compaction-api.module';
