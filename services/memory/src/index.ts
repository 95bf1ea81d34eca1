export * from './domain/memory-fact';
export * from './domain/fact-guards';
export * from './domain/dedup';
export * from './domain/extraction-plan';
export * from './domain/proposals';
export * from './domain/plans';
export * from './domain/remember';
export * from './domain/memory-categories';
export * from './domain/quiet-time';
export * from './projections/memory.projection';
export * from './projections/memory-sessions.projection';
export * from './api/memory-api.module';
export { sweepLapsed, startLapseSweep } from './sweeps/lapse.sweep';
export { startProposePlansResponder } from './rpc/propose-plans.responder';
export { loadMemoryConfig, MemoryEnv, type MemoryConfig } from './memory.config';
export { MemoryReactorsModule } from './memory-reactors.module';
export {
  ListMemoriesQuery,
  SearchMemoriesQuery,
  CreateMemoryBody,
  PatchMemoryBody,
  RememberBody,
  CheckInBody,
  ProposePlanBody,
  ClosePlanBody,
  RecordMeasurementsBody,
  MetricDaysQuery,
} from './api/memory-api.dto';
export { DeleteMemoryQuery } from './api/memories.controller';
